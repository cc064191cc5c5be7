"""003's narrative of a hand of Draw Poker, the deal and the acts, shared by the poker and PHH tests."""

# 003: "B's hand consists of ace of hearts, queen and three of diamonds, queen of clubs, and five of spades ...
# C has ace of clubs, three and four of spades, nine of hearts and two of diamonds ... D has ten and eight of
# hearts, ten of spades, knave of clubs, and eight of diamonds ... E ... eight and three of clubs, king and four
# of hearts, and knave of spades."  A's hand is not printed; he passes.  The draws: B the queen of hearts and
# nine of diamonds, C the knave of diamonds, D the five of diamonds, E the ace of spades.
NARRATIVE = {
    "dealer": "A",
    "hands": {
        "A": "2H 6D 7S KD 9S",
        "B": "AH QD 3D QC 5S",
        "C": "AC 3S 4S 9H 2D",
        "D": "TH 8H TS JC 8D",
        "E": "8C 3C KH 4H JS",
    },
    "stock": "QH 9D JD 5D AS",
}
BEFORE_THE_DRAW = ["ante", "go in", "raise 4", "raise 3", "pass", "go in", "go in", "go in"]
THE_DRAW = ["draw 3D 5S", "draw 9H", "draw JC", "draw 3C"]
AFTER_THE_DRAW = ["hold age", "pass", "raise 5", "raise 10", "raise 5", "pass", "raise 10"]
