"""An ejected neutralization Mission card that earns a player nothing says so
and why, not only that it triggers (engine/advance.py eject_first_strip)."""

from engine.advance import eject_first_strip
from tests.engine.scenario import ok, place_card, table

PER_GRAY_IN_SPACE, PER_GRAY_TUCKED, GRAY_3_RESOURCES = 16, 18, 32


def _texts(g, mark):
    return [e.text for e in g._events[mark:]]


def test_a_card_counting_nothing_says_its_owner_earns_nothing_and_why():
    g = table(3)
    place_card(g, "1B", PER_GRAY_IN_SPACE, 0, ships=(1,))  # seat 1's ship on it
    place_card(g, "1C", PER_GRAY_TUCKED, 2)
    place_card(g, "2C", GRAY_3_RESOURCES, 1)  # seat 1 owns a gray card past the first strip
    vp = [p.vp for p in g.state.players]
    mark = len(g._events)
    eject_first_strip(g)
    texts = _texts(g, mark)
    zero, one, two = (g.name(s) for s in range(3))
    assert (
        f"{zero} earns nothing from it: no gray Mission card of theirs in Space "
        "beyond the ejected strip." in texts
    ), texts
    assert f"{one} gains 3 VP (neutralization Mission)." in texts, texts
    assert (
        f"{two} earns nothing from it: no gray Mission card tucked under their board." in texts
    ), texts
    assert [p.vp for p in g.state.players] == [vp[0], vp[1] + 3, vp[2]]
    ok(g)


def test_robots_with_none_left_in_the_supply_earn_nothing_and_say_so():
    g = table(3)
    place_card(g, "1B", 52, 0)  # green: the owner takes 3 robots
    p = g.state.players[0]
    p.break_room += p.robots_supply  # R4: none left to take
    p.robots_supply = 0
    mark = len(g._events)
    eject_first_strip(g)
    texts = _texts(g, mark)
    assert f"{g.name(0)} earns nothing from it: no robot left in their supply." in texts, texts
