#!/usr/bin/env python3
"""innertext.py FILE.html: prints what a browser's select-all-and-copy gives of Muster's HTML
printout (Chromium's document.body.innerText), for tests/import-html.sh, which needs no
browser. It follows innerText's rules for the elements Muster's HTML uses:
- what is in <head>, <style>, <script> and hidden elements is left out;
- a table row is one line, its cells separated by tabs;
- a block element (h1-h6, p, div, section, header, main, article, table, caption, ul, li, dl)
  stands on its own lines; a <p> and a heading inside the page's prose (h1, p) has an empty
  line before and after it (innerText's "required line break count" 2 for <p>, 1 for the rest);
- the children of an <h3> (a flex box in the printout's style) are blocks each;
- <dt> and <dd> made inline by the printout's style run on one line ("Name: text");
- runs of white space in text are one space, and white space at a line's ends goes.
Checked by hand against Chromium's innerText for every shipped system (see the test)."""
import html.parser
import re
import sys

BLOCK = {"h1", "h2", "h3", "h4", "h5", "h6", "div", "section", "header", "main", "article",
         "table", "caption", "ul", "ol", "li", "dl", "tr", "footer", "nav"}
SKIP = {"head", "style", "script", "title", "template"}


class Inner(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out = []      # items: text, or ints (required line breaks)
        self.skip = 0
        self.cell = 0      # cells begun in the current row
        self.stack = []    # the open elements

    def brk(self, n):
        self.out.append(n)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.skip or tag in SKIP or "hidden" in a or \
                re.search(r"display:\s*none", a.get("style") or ""):
            if tag not in ("meta", "br", "img", "col", "input"):
                self.skip += 1
            return
        flex = bool(self.stack) and self.stack[-1] == "h3"
        if tag not in ("meta", "br", "img", "col", "input"):
            self.stack.append(tag)
        if flex:
            self.brk(1)
        if tag == "tr":
            self.brk(1)
            self.cell = 0
        elif tag in ("td", "th"):
            if self.cell:
                self.out.append("\t")
            self.cell += 1
        elif tag == "p":
            self.brk(2)
        elif tag == "br":
            self.out.append("\n")
        elif tag in BLOCK:
            self.brk(1)

    def handle_endtag(self, tag):
        if self.skip:
            self.skip -= 1
            return
        if self.stack and self.stack[-1] == tag:
            self.stack.pop()
        if self.stack and self.stack[-1] == "h3":
            self.brk(1)
        if tag == "p":
            self.brk(2)
        elif tag in BLOCK:
            self.brk(1)

    def handle_data(self, data):
        if self.skip:
            return
        self.out.append(re.sub(r"[ \t\r\n]+", " ", data))

    def text(self):
        s, pending, started = "", 0, False
        for item in self.out:
            if isinstance(item, int):
                pending = max(pending, item)
                continue
            if item.strip(" ") == "" and item != "\t":
                if s and not s.endswith((" ", "\n", "\t")) and not pending:
                    s += " "
                continue
            if pending and started:
                s = s.rstrip(" ") + "\n" * pending
            pending = 0
            started = True
            if s.endswith(("\n", "\t")) or not s:
                item = item.lstrip(" ")
            s += item
        lines = [ln.strip(" ") for ln in s.split("\n")]
        return "\n".join(lines)


def main():
    p = Inner()
    with open(sys.argv[1], encoding="utf-8") as f:
        p.feed(f.read())
    p.close()
    sys.stdout.write(p.text())


if __name__ == "__main__":
    main()
