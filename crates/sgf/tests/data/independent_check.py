"""Finds the rule problems in Debian's goban-original-games corpus without weiqi.

Run: python3 independent_check.py [/usr/share/goban] > goban-problems.txt
(needs `pip install sgfmill` and `apt-get install goban-original-games`).

sgfmill reads each file and its Board plays the main line; this script adds only what
sgfmill leaves out: situational superko (a set of (board, side to move) seen), suicide
detection (sgfmill plays a suicide by removing the group) and alternation. The first
problem per file is printed as `FILE REASON MOVE COLOR VERTEX`, one per line, sorted.
Move values broken by a line wrap (`W[oq<newline>]`, in hon-50-2 and hon-51-3) are read
with the white space removed, which sgfmill itself refuses.
"""

import glob
import os
import sys

from sgfmill import boards, sgf, sgf_properties

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def get_move(node, size):
    for prop, colour in (("B", "b"), ("W", "w")):
        if node.has_property(prop):
            raw = b"".join(node.get_raw(prop).split())
            return colour, sgf_properties.interpret_go_point(raw, size)
    return None, None


def check(path):
    game = sgf.Sgf_game.from_bytes(open(path, "rb").read())
    size = game.get_size()
    board = boards.Board(size)
    black, white, empty = game.get_root().get_setup_stones()
    for r, c in black:
        board.play(r, c, "b")
    for r, c in white:
        board.play(r, c, "w")

    def key(to_move):
        return (tuple(tuple(row) for row in board.board), to_move)

    seen = set()
    seq = game.get_main_sequence()
    first = next((get_move(n, size)[0] for n in seq if get_move(n, size)[0]), "b")
    seen.add(key(first))
    last = None
    number = 0
    for node in seq:
        colour, move = get_move(node, size)
        if colour is None:
            continue
        number += 1
        other = "w" if colour == "b" else "b"
        if colour == last:
            return ("not-alternating", number, colour, move)
        last = colour
        if move is None:
            seen.add(key(other))
            continue
        r, c = move
        if board.get(r, c) is not None:
            return ("occupied", number, colour, move)
        board.play(r, c, colour)
        if board.get(r, c) is None:
            return ("suicide", number, colour, move)
        k = key(other)
        if k in seen:
            return ("repetition", number, colour, move)
        seen.add(k)
    return None


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/goban"
    for path in sorted(glob.glob(os.path.join(folder, "*"))):
        problem = check(path)
        if problem:
            reason, number, colour, move = problem
            vertex = "pass" if move is None else f"{LETTERS[move[1]]}{move[0] + 1}"
            print(os.path.basename(path), reason, number, colour.upper(), vertex)


if __name__ == "__main__":
    main()
