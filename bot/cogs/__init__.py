"""discord.py cogs: the slash commands."""
