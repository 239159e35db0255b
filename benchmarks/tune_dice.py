"""Derive a language's tuned 4×4 Boggle dice from its word list (issue 33, "Boards worth playing").

For each language an index of its default list is built (or reused from ``--dir``). The start set
is the language's 4×4 set other than ``tuned-4x4``: its edition's cubes (French Boggle, Italian
*Il Paroliere*) or its letter-frequency set. Sets are judged on ``--boards`` throws drawn from
``--seed`` and ``--held-boards`` held-out throws drawn from ``--seed + 1`` (seeds of the script's
own: the benchmark, ``benchmarks/language_boards.py``, measures on other boards), against
English's default 4×4 dice on the same throws:

* a start set whose median is at least English's times ``1 + --held-margin`` on both samples, with
  at most ``--keep-poor`` of its boards under 10 words, is kept: the language needs no tuned set;
* otherwise the seeded local search of ``wordindex.boggle.dice_tuning`` changes it until its
  median is English's times ``1 + --margin`` with at most ``--poor`` of its boards under 10 words
  on the first sample, and English's times ``1 + --held-margin`` with at most ``--held-poor`` on
  the held-out one. The palette is the faces of the language's 5×5 letter-frequency set (every
  letter its list uses, Qu where its dice print Qu).

A seed, a list and the options give the same dice on every run (each language's search has its
own generator, so a language tuned alone gets the same set). ``--write`` records the tuned sets
(with the list's version, the lexicon's size and both samples' figures) in
``benchmarks/results/tuned_dice.json`` and drops the languages whose start set is kept; the script
prints the ``cubes(...)`` lines for each language's module, and tests/test_languages.py checks the
modules against the record. Rerun it when a language's list changes.

    python benchmarks/tune_dice.py --dir /tmp/language-indexes
    python benchmarks/tune_dice.py --languages de,sv --write
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from pathlib import Path

from bench_common import language_index

RECORD = Path(__file__).resolve().parent / "results" / "tuned_dice.json"
TUNED = "tuned-4x4"


def face_text(face: str) -> str:
    """A face as the docs print it: ``A``, ``Qu``."""
    return face.upper() if len(face) == 1 else face.capitalize()


def cubes_text(cubes: tuple[tuple[str, ...], ...]) -> str:
    return " ".join("".join(face_text(face) for face in cube) for cube in cubes)


def package_version(package: str | None) -> str | None:
    """The installed version of a Debian package (None when unknown)."""
    if not package:
        return None
    shown = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    return shown.stdout.strip() or None


def main() -> None:
    from wordindex.languages import CODES

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--languages", default=",".join(code for code in CODES if code != "en"))
    parser.add_argument("--dir", type=Path, default=Path("/tmp/language-indexes"), help="indexes (built if missing)")
    parser.add_argument("--boards", type=int, default=3000, help="throws a set is judged on")
    parser.add_argument("--held-boards", type=int, default=4000, help="held-out throws")
    parser.add_argument("--seed", type=int, default=3303, help="the search's seed (throws and moves)")
    parser.add_argument("--steps", type=int, default=10000, help="most moves tried per language")
    parser.add_argument(
        "--temperature", type=float, default=0.0, help="anneal from this temperature (0: keep no worse move)"
    )
    parser.add_argument("--margin", type=float, default=0.15, help="target median: English's times 1 + this")
    parser.add_argument("--poor", type=float, default=0.002, help="most share of boards under 10 words")
    parser.add_argument(
        "--held-margin", type=float, default=0.08, help="on the held-out throws: English's times 1 + this"
    )
    parser.add_argument("--held-poor", type=float, default=0.004, help="on the held-out throws: most share under 10")
    parser.add_argument(
        "--keep-poor",
        type=float,
        default=0.007,
        help="a start set is kept when on both samples its median is "
        "English's times 1 + --held-margin and at most this share of its boards are under 10 words",
    )
    parser.add_argument("--write", action="store_true", help=f"record the tuned sets in {RECORD.name}")
    args = parser.parse_args()
    import numpy as np

    from wordindex.boggle.dice import get_dice
    from wordindex.boggle.dice_tuning import BoardQuality, HeldOut, Target, ThrowSample, rules_for, tune
    from wordindex.boggle.engine import BoardScorer
    from wordindex.boggle.faces import faces_of
    from wordindex.boggle.rules import get_rules
    from wordindex.boggle.store import load_trie
    from wordindex.index import open_index
    from wordindex.languages import language

    rules = get_rules("official")
    sample = ThrowSample(args.seed, args.boards)
    held = ThrowSample(args.seed + 1, args.held_boards)

    def scorer_for(code: str, sample: ThrowSample = sample) -> tuple[object, int, object]:
        db, failed = language_index(code, args.dir)
        if failed:
            raise SystemExit(f"{code}: {failed}")
        with open_index(db) as index:
            trie = load_trie(index)
        faces = faces_of(code)
        scorer = BoardScorer(trie, rules, faces=faces)

        def score(cubes: tuple[tuple[str, ...], ...]) -> np.ndarray:
            codes = np.array([[faces.code(face) for face in cube] for cube in cubes], dtype=np.int64)
            counts, _ = scorer.score_codes(sample.boards(codes), 4)
            return counts

        return score, trie.word_count, faces

    english_cubes = get_dice(None, 4, language("en")).cubes
    english_score, _, _ = scorer_for("en")
    english_held, _, _ = scorer_for("en", held)
    english = BoardQuality.of(english_score(english_cubes))  # type: ignore[operator]
    held_english = BoardQuality.of(english_held(english_cubes))  # type: ignore[operator]
    target = Target(english.median * (1 + args.margin), args.poor)
    held_target = Target(held_english.median * (1 + args.held_margin), args.held_poor)
    print(f"{os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"seed {args.seed}, {args.boards:,} throws; English: median {english.median:g}, p10 {english.p10:g}")
    print(f"target: median >= {target.median:g}, share under 10 words <= {target.poor_share:.1%}")
    print(
        f"held out (seed {args.seed + 1}): English median {held_english.median:g}; target median >= "
        f"{held_target.median:g}, under 10 <= {held_target.poor_share:.1%}"
    )
    record = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {}
    for code in args.languages.split(","):
        found = language(code)
        start = next(d for d in found.dice if d.size == 4 and d.name != TUNED)
        dice_rules = rules_for(found)
        score, words, _ = scorer_for(code)
        held_score, _, _ = scorer_for(code, held)
        before = BoardQuality.of(score(start.cubes))  # type: ignore[operator]
        print(
            f"\n{code}: {words:,} words; start {start.name}: median {before.median:g}, p10 {before.p10:g}, "
            f"under 10 {before.poor_share:.1%}"
        )
        held_before = BoardQuality.of(held_score(start.cubes))  # type: ignore[operator]
        keep = Target(held_target.median, args.keep_poor)
        if keep.reached(before) and Target(english.median * (1 + args.held_margin), args.keep_poor).reached(
            held_before
        ):
            print(
                f"  held out: median {held_before.median:g}, under 10 {held_before.poor_share:.1%}; "
                f"the {start.name} set is kept: no tuned set"
            )
            record.pop(code, None)
            continue
        started = time.perf_counter()

        def progress(step: int, quality: BoardQuality, gap: float) -> None:
            if step % 250 == 0:
                print(f"  step {step}: median {quality.median:g}, under 10 {quality.poor_share:.1%}, gap {gap:.4f}")

        checks = HeldOut(held_score, held_target)  # type: ignore[arg-type]
        result = tune(start.cubes, dice_rules, score, target, args.seed, args.steps, progress, checks, args.temperature)  # type: ignore[arg-type]
        seconds = time.perf_counter() - started
        q = result.quality
        verdict = "reached" if result.reached else "NOT reached"
        print(
            f"  {verdict} after {result.steps} steps ({result.kept} kept, {seconds:.0f} s): median {q.median:g}, "
            f"p10 {q.p10:g}, under 10 {q.poor_share:.1%}; {result.changed_faces} faces changed"
        )
        h = result.held_out
        assert h is not None
        print(f"  held out: median {h.median:g}, p10 {h.p10:g}, under 10 {h.poor_share:.1%}")
        if result.changed_faces == 0:
            print("  the start set reaches the target: no tuned set")
            record.pop(code, None)
            continue
        slot = found.alphabet.slot
        ordered = sorted(
            (sorted(cube, key=lambda f: slot[f[0]]) for cube in result.cubes), key=lambda c: [slot[f[0]] for f in c]
        )
        text = cubes_text(tuple(tuple(cube) for cube in ordered))
        qu = any(face == "qu" for cube in result.cubes for face in cube)
        specs = ", ".join(f'"{spec.replace("Qu", "Q")}"' for spec in text.split())
        print(f"  {text}")
        print(f"  cubes({specs}{', qu=True' if qu else ''})")
        record[code] = {
            "cubes": text,
            "start": start.name,
            "list": found.default_list.path,
            "package": found.default_list.package,
            "package_version": package_version(found.default_list.package),
            "source": found.default_list.source,
            "words": words,
            "seed": args.seed,
            "throws": args.boards,
            "held_out_throws": args.held_boards,
            "steps": result.steps,
            "temperature": args.temperature,
            "changed_faces": result.changed_faces,
            "target_median": target.median,
            "target_poor_share": target.poor_share,
            "median": q.median,
            "p10": q.p10,
            "poor_share": q.poor_share,
            "held_out": {"median": h.median, "p10": h.p10, "poor_share": h.poor_share},
            "held_out_target_median": held_target.median,
            "held_out_target_poor_share": held_target.poor_share,
            "reached": result.reached,
            "start_figures": {"median": before.median, "p10": before.p10, "poor_share": before.poor_share},
            "start_held_out": {
                "median": held_before.median,
                "p10": held_before.p10,
                "poor_share": held_before.poor_share,
            },
            "english_median": english.median,
            "english_held_out_median": held_english.median,
        }
    if args.write:
        RECORD.write_text(json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
        print(f"\nrecorded in {RECORD}")


if __name__ == "__main__":
    main()
