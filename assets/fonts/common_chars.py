# Prints the characters the name font keeps, as a pyftsubset --text-file.
import sys
chars = set()
def table(codec, rows, cols):
    for a in rows:
        for b in cols:
            try:
                chars.update(bytes([a, b]).decode(codec))
            except UnicodeDecodeError:
                pass
table("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF))      # GB2312 levels 1 and 2
table("big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))  # Big5 level 1
table("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))      # KS X 1001 Hangul (2350)
print("".join(sorted(chars)))
