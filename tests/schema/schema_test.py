#!/usr/bin/env python3
"""Keeps schema/worksheet.schema.json and schema/style.schema.json in step
with handout's loader, which is the source of truth:

1. both schemas are valid draft-07 schemas, and share one `labels`;
2. the keys each schema allows are the keys the loader knows, as the
   loader's own unknown-key hints list them (top level, each question type,
   `shuffle`, `key`, `labels`, sections, page styles);
3. every shipped and test worksheet and style the loader accepts passes;
4. every starter `handout new` writes passes the loader and the schema;
5. every file of the bad corpus (tests/data/bad, tests/data/bad-templates),
   and a few hundred mutations of the shipped worksheets, is read by both:
   what the loader accepts must pass the schema, and what it rejects for a
   structural reason (STRUCTURAL below) must fail it.

What a schema cannot check, so the loader alone reports it (no assertion
either way when a file's only errors are of these kinds):
- an answer that matches no option, a distractor that is a gap's answer,
  texts that print the same (different markup or spaces), duplicate keys;
- pictures (found, readable, decodable), template files found, fonts that
  lack a character, control and invisible characters in texts;
- the number grammar of quoted numbers ("3,141" ambiguous, "½"), ranges of
  numbers written in quotes or with units ('space: 300 mm'), whole numbers
  of lines written as decimals, points that are not half marks in quotes;
- the limits on file size, nesting, aliases, and text length in bytes;
- margins that leave no room for text, or columns too narrow (page styles).

Usage: schema_test.py HANDOUT_BINARY SOURCE_DIR [EXTRA_FOLDER …]
(an extra folder of worksheets, such as a set of real teachers' mistakes, is
read like the bad corpus).
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import yaml12  # noqa: E402

# Loader messages whose cause a schema sees: a file with one of them must
# fail the schema.
STRUCTURAL = [
    r"unknown key '", r"is not a key of an? \w+ question", r"has no '", r"has no value",
    r"must be a mapping", r"must be a list", r"must be text, found a (list|mapping)",
    r"must be true or false", r"unknown question type", r"has either 'questions' or 'sections'",
    r"question has \d+ to \d+ \w+, this one has", r"'(questions|sections|answers)' is empty",
    r"'scoring' must be all-or-nothing or partial", r"'dir' must be ltr or rtl", r"must be lowercase letters, digits and dashes",
    r"no built-in labels for language", r"label 'page' must hold \{n\}", r"are only printed in a word bank",
    r"a pair must be a list of two texts", r"the fill text has no gap", r"unknown page size",
    r"must be a TrueType font file", r"must be a file name of the fonts folder", r"'page' and '\w+' both set",
    r"'columns' must be 1 or 2", r"'\w+' must be (a font size|a number of 0|a gray level|a line width|"
    r"a page size|a size from|a factor)", r"the worksheet is empty", r"a worksheet must be a mapping",
    r"a page style must be a mapping", r"a question must be a mapping", r"a section must be a mapping",
    r", found a (list|mapping)$", r"^'\w+' is empty", r"an option is empty", r"an entry of '\w+' is empty",
    r"'fields' has \d+ names", r"'grid' must be .*, found '(true|false)'",
    # Numbers written as numbers (in quotes, the schema cannot read them).
    r"'id_digits' must be from 1 to 12, found \d+$",
]
STRUCTURAL_RE = re.compile("|".join(STRUCTURAL))
DIAGNOSTIC_RE = re.compile(r"^(.*?):(\d+):(\d+): (error|warning): (.*)$")

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


class Checker:
    def __init__(self, binary, source):
        self.binary = binary
        self.source = source
        self.schemas = {}
        for kind in ("worksheet", "style"):
            with open(os.path.join(source, "schema", kind + ".schema.json"), encoding="utf-8") as f:
                schema = json.load(f)
            jsonschema.Draft7Validator.check_schema(schema)
            self.schemas[kind] = jsonschema.Draft7Validator(schema)

    def schema_errors(self, kind, value):
        """The schema's complaints about a value, as short lines."""
        return ["%s: %s" % ("/".join(map(str, e.absolute_path)) or "(top)", e.message[:160])
                for e in self.schemas[kind].iter_errors(value)]

    def loader(self, worksheets):
        """{worksheet: (accepted, error messages)} of one `handout check` of
        many worksheets; errors located in a worksheet's page style count as
        the worksheet's (`worksheets` maps each to its style path or None)."""
        run = subprocess.run([self.binary, "check"] + list(worksheets), capture_output=True, text=True,
                             timeout=600)
        owner = {}
        for sheet, style in worksheets.items():
            owner[sheet] = sheet
            if style:
                owner[style] = sheet
        result = {sheet: [False, []] for sheet in worksheets}
        for line in run.stdout.splitlines():
            for sheet in worksheets:
                if line.startswith(sheet + ": ok ("):
                    result[sheet][0] = True
        for line in run.stderr.splitlines():
            m = DIAGNOSTIC_RE.match(line)
            if m and m.group(4) == "error" and m.group(1) in owner:
                result[owner[m.group(1)]][1].append(m.group(5))
            elif line.startswith("handout: error:"):
                for sheet in worksheets:
                    if sheet in line or (worksheets[sheet] or "\0") in line:
                        result[sheet][1].append(line)
        return {sheet: tuple(r) for sheet, r in result.items()}

    def compare(self, cases, tally):
        """Reads every case with the loader (one run) and with the schema, and
        checks that they agree. A case is (kind, path, worksheet, label): a
        page style (kind "style") is read through a worksheet printed in it."""
        verdicts = self.loader({c[2]: (c[1] if c[0] == "style" else None) for c in cases})
        for kind, path, worksheet, label in cases:
            accepted, errors = verdicts[worksheet]
            outcome = self.compare_one(kind, path, label, accepted, errors)
            tally[outcome] = tally.get(outcome, 0) + 1
        return verdicts

    def compare_one(self, kind, path, label, accepted, errors):
        with open(path, "rb") as f:
            raw = f.read()
        try:
            value = yaml12.load(raw.decode("utf-8-sig"))
        except (UnicodeDecodeError, yaml.YAMLError, yaml12.NotFaithful) as e:
            if accepted:
                fail("%s: the loader accepts it, but it cannot be read as JSON: %s" % (label, str(e).splitlines()[0]))
            if os.environ.get("SCHEMA_TEST_VERBOSE"):
                print("unreadable: %s %s / %s" % (label, str(e).splitlines()[0], errors[:1]))
            return "unreadable"
        complaints = self.schema_errors(kind, value)
        structural = [e for e in errors if STRUCTURAL_RE.search(e)]
        if accepted and complaints:
            fail("%s: the loader accepts it, the schema does not: %s" % (label, "; ".join(complaints[:3])))
        elif structural and not complaints:
            fail("%s: the loader rejects it (%s), the schema accepts it" % (label, structural[0]))
        outcome = "accepted" if accepted else "structural" if structural else "semantic"
        if os.environ.get("SCHEMA_TEST_VERBOSE"):
            print("%s: %s %s" % (outcome, label, (structural or errors)[:1]))
        return outcome


def listed_keys(hint):
    """'a choice question has type, prompt and answer' → {type, prompt, answer}."""
    words = re.split(r", | and ", hint)
    return {w.strip() for w in words if w.strip()}


def probe_hint(checker, text, folder, what):
    """The hint of the loader's unknown-key error for key 'zzzz' in `text`."""
    path = os.path.join(folder, "probe.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    run = subprocess.run([checker.binary, "check", path], capture_output=True, text=True, timeout=120)
    lines = run.stderr.splitlines()
    for i, line in enumerate(lines):
        if "unknown key 'zzzz'" in line and i + 1 < len(lines) and lines[i + 1].strip().startswith("hint:"):
            return lines[i + 1].strip()[len("hint:"):].strip()
    fail("no unknown-key hint for %s in: %s" % (what, run.stderr[:300]))
    return ""


def schema_question_keys(schema, qtype):
    question = schema["definitions"]["question"]
    keys = set(question["properties"])
    for rule in question["allOf"]:
        cond = rule["if"].get("properties", {}).get("type", {})
        if cond.get("const") == qtype:
            keys -= {k for k, v in rule["then"].get("properties", {}).items() if v is False}
    return keys


def check_keys(checker, folder):
    """The schemas allow exactly the keys the loader knows."""
    ws = checker.schemas["worksheet"].schema
    style = checker.schemas["style"].schema
    header = "id: probe\ntitle: Probe\n"
    question = "questions:\n  - type: {t}\n    prompt: P\n    zzzz: 1\n"

    def expect(what, hint, prefix, keys):
        if not hint.startswith(prefix):
            fail("%s: unexpected hint %r" % (what, hint))
            return
        known = listed_keys(hint[len(prefix):])
        if known != set(keys):
            fail("%s: the loader knows %s, the schema %s" % (what, sorted(known), sorted(keys)))

    for qtype in ws["definitions"]["question"]["properties"]["type"]["enum"]:
        hint = probe_hint(checker, header + question.format(t=qtype), folder, qtype + " questions")
        article = "an " if qtype[0] in "aeiou" else "a "
        expect(qtype + " questions", hint, article + qtype + " question has ", schema_question_keys(ws, qtype))
    expect("the top level", probe_hint(checker, header + "zzzz: 1\nquestions: []\n", folder, "the top level"),
           "the worksheet's keys are ", ws["properties"])
    expect("sections", probe_hint(checker, header + "sections:\n  - zzzz: 1\n", folder, "sections"),
           "a section has ", ws["definitions"]["section"]["properties"])
    expect("shuffle", probe_hint(checker, header + "shuffle: {zzzz: 1}\n", folder, "shuffle"),
           "'shuffle' has ", ws["properties"]["shuffle"]["properties"])
    expect("key", probe_hint(checker, header + "key: {zzzz: 1}\n", folder, "key"),
           "'key' has ", ws["properties"]["key"]["properties"])
    expect("labels", probe_hint(checker, header + "labels: {zzzz: x}\n", folder, "labels"),
           "the labels that can be overridden are ", ws["definitions"]["labels"]["properties"])
    style_path = os.path.join(folder, "probe-style.yaml")
    with open(style_path, "w", encoding="utf-8") as f:
        f.write("zzzz: 1\n")
    expect("page styles", probe_hint(checker, header + "template: " + style_path + "\n" + question.format(t="short").replace("zzzz", "answer"), folder,
                                     "page styles"), "page-style keys are", style["properties"])
    if ws["definitions"]["labels"] != style["definitions"]["labels"]:
        fail("the two schemas' 'labels' differ: change both alike")


def yaml_files(folder):
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".yaml"):
                yield os.path.join(root, name)


def check_corpus(checker, folder, extra):
    """Shipped and test files, the bad corpus and any extra folders."""
    src = checker.source
    rel = lambda p: os.path.relpath(p, src)  # noqa: E731
    good = [os.path.join(src, d) for d in ("worksheets", "tests/data/lang", "tests/data/convert")]
    cases = [("worksheet", p, p, rel(p)) for d in good for p in yaml_files(d)]
    cases += [("style", p, style_probe(folder, p), rel(p)) for p in yaml_files(os.path.join(src, "templates"))]
    tally = {}
    checker.compare(cases, tally)
    good_count = len(cases)
    if tally != {"accepted": len(cases)}:
        fail("a shipped or test worksheet or style is rejected by the loader: %s" % tally)
    bad = [os.path.join(src, "tests/data/bad")] + list(extra)
    cases = [("worksheet", p, p, rel(p)) for d in bad for p in yaml_files(d)]
    cases += [("style", p, style_probe(folder, p), rel(p))
              for p in yaml_files(os.path.join(src, "tests/data/bad-templates"))]
    tally = {}
    checker.compare(cases, tally)
    print("good corpus: %d files; bad corpus: %s" % (good_count, ", ".join("%d %s" % (n, k) for k, n in sorted(tally.items()))))


def style_probe(folder, style_path):
    """A worksheet printed in the page style at `style_path`."""
    path = os.path.join(folder, "in-%s" % os.path.basename(style_path))
    if os.path.exists(path):
        path = os.path.join(folder, "in-%d-%s" % (len(os.listdir(folder)), os.path.basename(style_path)))
    with open(path, "w", encoding="utf-8") as f:
        f.write("id: probe\ntitle: Probe\ntemplate: %s\nquestions:\n  - type: truefalse\n"
                "    prompt: P\n    answer: true\n" % os.path.abspath(style_path))
    return path


# ---------------------------------------------------------------------------
# Mutations: small edits of the shipped worksheets, as a teacher makes them
# ---------------------------------------------------------------------------

def questions_of(sheet):
    if "questions" in sheet:
        return sheet["questions"]
    return [q for s in sheet.get("sections", []) for q in s.get("questions", [])]


def mutations(sheet, rng):
    """(name, mutated copy) pairs of one worksheet."""
    def copy():
        return json.loads(json.dumps(sheet))
    out = []
    for key in list(sheet):
        m = copy()
        del m[key]
        out.append(("drop top-level " + key, m))
    questions = questions_of(sheet)
    for i in rng.sample(range(len(questions)), min(6, len(questions))):
        for key in list(questions[i]):
            m = copy()
            del questions_of(m)[i][key]
            out.append(("drop %s of question %d" % (key, i + 1), m))
            m = copy()
            value = questions_of(m)[i][key]
            questions_of(m)[i][key] = [value] if not isinstance(value, list) else {"x": value}
            out.append(("wrap %s of question %d" % (key, i + 1), m))
            if isinstance(value, bool):
                m = copy()
                questions_of(m)[i][key] = str(value).lower()
                out.append(("quote %s of question %d" % (key, i + 1), m))
        for key in ("promt", "options", "answers", "lines", "text", "pairs", "items", "tolerance", "bank"):
            if key in questions[i]:
                continue
            m = copy()
            questions_of(m)[i][key] = [1, 2] if key in ("options", "answers", "pairs", "items") else 2
            out.append(("add %s to question %d" % (key, i + 1), m))
        for qtype in ("choice", "truefalse", "multi", "short", "fill", "match", "order", "numeric", "essay"):
            m = copy()
            questions_of(m)[i]["type"] = qtype
            out.append(("make question %d %s" % (i + 1, qtype), m))
    return out


def check_mutations(checker, folder):
    rng = random.Random(16)  # fixed: the same mutations every run
    # In a copy of worksheets/, so that the mutants find their pictures.
    copy = os.path.join(folder, "worksheets")
    shutil.copytree(os.path.join(checker.source, "worksheets"), copy)
    cases = []
    for path in yaml_files(os.path.join(checker.source, "worksheets")):
        with open(path, encoding="utf-8") as f:
            sheet = yaml12.load(f.read())
        for name, mutated in mutations(sheet, rng):
            target = os.path.join(copy, "mutant-%d.yaml" % len(cases))
            with open(target, "w", encoding="utf-8") as f:
                yaml.safe_dump(mutated, f, allow_unicode=True, sort_keys=False)
            cases.append(("worksheet", target, target, "%s (%s)" % (os.path.basename(path), name)))
    tally = {}
    checker.compare(cases, tally)
    print("mutations:", ", ".join("%d %s" % (n, k) for k, n in sorted(tally.items())))


def check_new(checker, folder):
    """Every starter `handout new` writes passes the loader and the schema."""
    types = checker.schemas["worksheet"].schema["definitions"]["question"]["properties"]["type"]["enum"]
    cases = []
    for choice in [[]] + [[t] for t in types] + [types]:
        target = os.path.join(folder, "new-%d.yaml" % len(cases))
        run = subprocess.run([checker.binary, "new", "-o", target] + ["--type=" + t for t in choice],
                             capture_output=True, text=True, timeout=120)
        if run.returncode != 0:
            fail("handout new %s: %s" % (" ".join(choice), run.stderr))
            continue
        cases.append(("worksheet", target, target, "handout new --type %s" % ",".join(choice)))
    tally = {}
    checker.compare(cases, tally)
    if tally != {"accepted": len(cases)}:
        fail("a starter of handout new is rejected by the loader: %s" % tally)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    checker = Checker(sys.argv[1], sys.argv[2])
    with tempfile.TemporaryDirectory() as folder:
        check_keys(checker, folder)
        check_corpus(checker, folder, sys.argv[3:])
        check_mutations(checker, folder)
        check_new(checker, folder)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
