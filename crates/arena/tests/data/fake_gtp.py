#!/usr/bin/env python3
"""A scripted GTP engine for the arena's tests: it keeps no board, answers `genmove` from a
list, and misbehaves on request (crashes, hangs, answers late, prints garbage, disputes the
dead stones).

Options (all optional):
  --name NAME              answer to `name`
  --moves A,B,pass,...     answers to genmove / kgs-genmove_cleanup, in order; then `pass`
  --dead 'E5 F5;;E5'       answers to `final_status_list dead`, one per call (`;` separates);
                           the last one repeats
  --cleanup                list kgs-genmove_cleanup
  --kgs-time               list kgs-time_settings
  --no-final-status        refuse final_status_list (and do not list it)
  --no-undo                refuse undo
  --crash-at N             exit at the N-th genmove
  --crash-once FILE        ... only if FILE does not exist (and create it)
  --hang-at N              never answer the N-th genmove
  --slow-at N:SECS         answer the N-th genmove after SECS seconds (of real time)
  --answer-when N:FILE     answer the N-th genmove once FILE exists (a test on held time moves
                           its time, then lets the engine answer)
  --garbage-at N:TEXT      answer the N-th genmove with TEXT as it is (not GTP)
  --hang-on COMMAND        never answer COMMAND (its first word, e.g. final_status_list)
  --log FILE               append every command received to FILE
"""
import os
import sys
import threading
import time


def main():
    args = sys.argv[1:]
    opts = {}
    flags = set()
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--cleanup", "--kgs-time", "--no-final-status", "--no-undo"):
            flags.add(a)
            i += 1
        else:
            opts[a] = args[i + 1]
            i += 2
    name = opts.get("--name", "fake")
    moves = [m for m in opts.get("--moves", "").split(",") if m]
    dead = opts.get("--dead", "").split(";")
    crash_at = int(opts.get("--crash-at", "0"))
    crash_once = opts.get("--crash-once")
    hang_at = int(opts.get("--hang-at", "0"))
    slow = opts.get("--slow-at")
    slow_at, slow_secs = (int(slow.split(":")[0]), float(slow.split(":")[1])) if slow else (0, 0.0)
    answer_when = opts.get("--answer-when")
    answer_at, answer_file = (int(answer_when.split(":", 1)[0]), answer_when.split(":", 1)[1]) if answer_when else (0, "")
    garbage = opts.get("--garbage-at")
    garbage_at, garbage_text = (int(garbage.split(":", 1)[0]), garbage.split(":", 1)[1]) if garbage else (0, "")
    log = opts.get("--log")
    hang_on = opts.get("--hang-on")

    commands = ["protocol_version", "name", "version", "list_commands", "quit", "boardsize", "clear_board",
                "komi", "play", "genmove", "time_settings", "time_left"]
    if "--no-final-status" not in flags:
        commands.append("final_status_list")
    if "--no-undo" not in flags:
        commands.append("undo")
    if "--cleanup" in flags:
        commands.append("kgs-genmove_cleanup")
    if "--kgs-time" in flags:
        commands.append("kgs-time_settings")

    genmoves = 0
    dead_calls = 0

    def reply(text=""):
        sys.stdout.write("= " + text + "\n\n")
        sys.stdout.flush()

    def refuse(text):
        sys.stdout.write("? " + text + "\n\n")
        sys.stdout.flush()

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        if log:
            with open(log, "a") as f:
                f.write(line + "\n")
        words = line.split()
        cmd = words[0]
        if cmd == hang_on:
            # A hung engine: it never answers this command (the caller's deadline kills it).
            threading.Event().wait()
        if cmd not in commands:
            refuse("unknown command")
        elif cmd == "protocol_version":
            reply("2")
        elif cmd == "name":
            reply(name)
        elif cmd == "version":
            reply("1")
        elif cmd == "list_commands":
            reply("\n".join(commands))
        elif cmd == "quit":
            reply()
            return
        elif cmd in ("genmove", "kgs-genmove_cleanup"):
            genmoves += 1
            if genmoves == crash_at:
                if crash_once is None or not os.path.exists(crash_once):
                    if crash_once is not None:
                        open(crash_once, "w").close()
                    sys.exit(3)
            if genmoves == hang_at:
                # A hung engine: it never answers (the arena kills it).
                threading.Event().wait()
            if genmoves == slow_at:
                # A slow engine: it thinks for SECS seconds of real time before it answers.
                time.sleep(slow_secs)
            if genmoves == answer_at:
                # A wait on observable state: the file the test creates once it has moved time.
                while not os.path.exists(answer_file):
                    time.sleep(0.01)
            if genmoves == garbage_at:
                sys.stdout.write(garbage_text + "\n\n")
                sys.stdout.flush()
                continue
            reply(moves[genmoves - 1] if genmoves <= len(moves) else "pass")
        elif cmd == "final_status_list":
            answer = dead[min(dead_calls, len(dead) - 1)]
            dead_calls += 1
            reply(answer)
        else:
            reply()


main()
