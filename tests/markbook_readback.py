"""Reads `handout mark`'s results back with independent readers (Python's csv
module and openpyxl), for tests/markbook_test.cpp.

usage: markbook_readback.py ROSTER RESULTS_CSV RESULTS_XLSX FILLED_CSV

The roster is a `;`-separated file with a BOM and decimal comma. Checks that
results.csv and the filled-in roster keep every roster row in its place with
its name cells, that every score of the spreadsheet is a number (or "?" for a
person, or empty) equal to results.csv's with its decimal comma, and that the
percentage is points / max. Prints "ok" and the number of students, or each
mismatch.
"""
import csv
import sys

import openpyxl

SCORES = ("points", "max", "percent")


def read_csv(path):
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    if not text.startswith("\ufeff"):
        raise SystemExit(path + ": no BOM")
    if "\r\n" not in text:
        raise SystemExit(path + ": no CRLF line ends")
    rows = list(csv.reader(text[1:].splitlines(), delimiter=";"))
    return rows[0], [r for r in rows[1:] if r]


def number(text):
    """A decimal-comma number as results.csv writes it, else the text."""
    if text in ("", "?"):
        return text
    if "." in text:
        raise ValueError("a full stop in " + repr(text))
    return float(text.replace(",", "."))


def main(roster_path, results_path, xlsx_path, filled_path):
    errors = []
    roster_header, roster = read_csv(roster_path)
    header, results = read_csv(results_path)
    filled_header, filled = read_csv(filled_path)
    names = roster_header[:3]
    if header[:3] != names or filled_header[: len(roster_header)] != roster_header:
        errors.append("headings: %r / %r" % (header, filled_header))
    if len(results) != len(roster) or len(filled) != len(roster):
        errors.append("rows: %d results, %d filled, %d in the roster" % (len(results), len(filled), len(roster)))

    sheet = openpyxl.load_workbook(xlsx_path)["Scores"]
    cells = list(sheet.iter_rows(values_only=True))
    if [str(c) for c in cells[0]] != header:
        errors.append("xlsx headings %r" % (cells[0],))
    for i, student in enumerate(roster):
        row, got, xrow = results[i], filled[i], cells[i + 1]
        if row[:3] != student[:3] or list(xrow[:3]) != student[:3] or got[: len(student)] != student:
            errors.append("row %d: %r / %r / %r for %r" % (i + 1, row[:3], xrow[:3], got[:4], student))
        for k, title in enumerate(header):
            if title not in SCORES and not title.startswith("Q"):
                continue
            text, value = number(row[k]), xrow[k]
            if text == "":
                ok = value is None
            elif text == "?":
                ok = value == "?"
            elif title == "percent":
                ok = isinstance(value, float) and abs(value * 100 - text) < 0.01
            else:
                ok = isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value - text) < 1e-9
            if not ok:
                errors.append("row %d %s: csv %r, xlsx %r" % (i + 1, title, row[k], value))
        at = {t: k for k, t in enumerate(header)}
        points, top, share = (xrow[at[t]] for t in SCORES)
        if isinstance(points, (int, float)) and abs(share - points / top) > 1e-9:
            errors.append("row %d: percent %r is not %r / %r" % (i + 1, share, points, top))
    if errors:
        print("\n".join(errors))
        return 1
    print("ok %d students" % len(roster))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
