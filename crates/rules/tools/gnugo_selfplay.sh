#!/bin/sh
# GNU Go self-play games on 19x19 for the dead-stone measurement (BENCHMARKS.md):
#   crates/rules/tools/gnugo_selfplay.sh OUTDIR GAMES LEVEL
# Each game: gnugo at LEVEL against itself, random seed = game number, until two passes.
set -eu
out=$1; games=$2; level=$3
mkdir -p "$out"
i=1
while [ "$i" -le "$games" ]; do
  f="$out/selfplay-l$level-$i.sgf"
  python3 - "$f" "$level" "$i" <<'PY'
import subprocess, sys
f, level, seed = sys.argv[1], sys.argv[2], sys.argv[3]
p = subprocess.Popen(["/usr/games/gnugo", "--mode", "gtp", "--level", level, "--seed", seed, "--chinese-rules"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def cmd(c):
    p.stdin.write(c + "\n"); p.stdin.flush()
    out = []
    while True:
        line = p.stdout.readline()
        if line.strip() == "" and out: break
        if line.strip(): out.append(line.strip())
    return out[0][2:] if out else ""
cmd("boardsize 19"); cmd("clear_board"); cmd("komi 7.5")
passes, moves, color = 0, 0, "black"
while passes < 2 and moves < 600:
    mv = cmd("genmove " + color).lower()
    passes = passes + 1 if mv == "pass" else 0
    if mv == "resign": break
    moves += 1
    color = "white" if color == "black" else "black"
cmd("printsgf " + f)
cmd("quit")
PY
  i=$((i + 1))
done
