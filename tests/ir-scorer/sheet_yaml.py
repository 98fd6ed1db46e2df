"""The subset of YAML city sheets are written in, read with the standard
library alone: block mappings and sequences, flow values and scalars.
Apart from `score.py`, the scorer, which reads sheets with it.
"""

import json


def _scalar(text):
    t = text.strip()
    if t.startswith('"'):
        return json.loads(t)
    if t.startswith("'"):
        return t[1:-1].replace("''", "'")
    if t in ("true", "false"):
        return t == "true"
    if t in ("null", "~", ""):
        return None
    try:
        return int(t)
    except ValueError:
        return t


def _strip_comment(line):
    out, quote = [], None
    for i, ch in enumerate(line):
        if quote:
            if ch == "\\" and quote == '"':
                out.append(ch)
                continue
            if ch == quote and not (quote == '"' and i > 0 and line[i - 1] == "\\" and line[i - 2] != "\\"):
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _flow(text):
    """A flow value: `[a, "b", {k: v}]`, `{k: v}` or a scalar."""
    pos = 0

    def ws():
        nonlocal pos
        while pos < len(text) and text[pos] in " \t":
            pos += 1

    def value(stop):
        nonlocal pos
        ws()
        if text[pos] == "[":
            pos += 1
            items = []
            ws()
            if text[pos] == "]":
                pos += 1
                return items
            while True:
                items.append(value(",]"))
                ws()
                ch = text[pos]
                pos += 1
                if ch == "]":
                    return items
        if text[pos] == "{":
            pos += 1
            m = {}
            ws()
            if text[pos] == "}":
                pos += 1
                return m
            while True:
                k = value(":")
                pos += 1  # ':'
                m[k] = value(",}")
                ws()
                ch = text[pos]
                pos += 1
                if ch == "}":
                    return m
        if text[pos] == '"':
            start = pos
            pos += 1
            while text[pos] != '"':
                pos += 2 if text[pos] == "\\" else 1
            pos += 1
            return json.loads(text[start:pos])
        start = pos
        while pos < len(text) and text[pos] not in stop:
            pos += 1
        return _scalar(text[start:pos])

    return value("")


def read_yaml(text):
    """The sheet subset of YAML: block mappings and sequences, flow values."""
    lines = []
    for raw in text.splitlines():
        line = _strip_comment(raw)
        if line.strip() and line.strip() != "---":
            lines.append((len(line) - len(line.lstrip(" ")), line.strip()))
    pos = 0

    def split_key(s):
        k, _, v = s.partition(":")
        return _scalar(k), v.strip()

    def block(indent):
        nonlocal pos
        if lines[pos][1].startswith("- ") or lines[pos][1] == "-":
            seq = []
            while pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("-"):
                rest = lines[pos][1][1:].strip()
                inner = indent + 2
                if rest.startswith(("[", "{", '"')) or ":" not in rest:
                    seq.append(_flow(rest))
                    pos += 1
                else:
                    # A mapping starting on the dash's line.
                    lines[pos] = (inner, rest)
                    seq.append(block(inner))
            return seq
        m = {}
        while pos < len(lines) and lines[pos][0] == indent and not lines[pos][1].startswith("- "):
            k, v = split_key(lines[pos][1])
            pos += 1
            if v:
                m[k] = _flow(v)
            elif pos < len(lines) and lines[pos][0] > indent:
                m[k] = block(lines[pos][0])
            elif pos < len(lines) and lines[pos][0] == indent and lines[pos][1].startswith("-"):
                m[k] = block(indent)
            else:
                m[k] = None
        return m

    return block(lines[0][0]) if lines else {}
