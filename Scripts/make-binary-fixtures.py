#!/usr/bin/env python3
"""Writes the fixtures that are not valid UTF-8 (Tests/Fixtures/Invalid/invalid-utf8-*.ripple and the
UTF-16 one); their expected diagnostics are in the sibling .expected files.

    python3 Scripts/make-binary-fixtures.py Tests/Fixtures/Invalid
"""
import os, sys
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'Tests', 'Fixtures', 'Invalid')
H = b'scenario "t"\n'
ROOT = b'struct Root: View {\n    var body: some View { Text("a") }\n}\n'
files = {
    'invalid-utf8-byte': H + b'let title = "caf\xe9"\n' + ROOT,
    'invalid-utf8-ff': H + ROOT + b'let x = 1\n\xff\xfe\n',
    'invalid-utf8-overlong': H + b'let slash = "\xc0\xaf"\n' + ROOT,
    'invalid-utf8-surrogate': H + b'let s = "\xed\xa0\x80"\n' + ROOT,
    'invalid-utf8-truncated-sequence': H + ROOT + b'let euro = "\xe2\x82',
    'invalid-utf8-continuation-only': H + b'\x80\x80\x80' + ROOT,
    'invalid-utf8-above-unicode': H + b'let x = "\xf4\x90\x80\x80"\n' + ROOT,
    'utf16-byte-order-mark': b'\xff\xfe' + 'scenario "t"\n'.encode('utf-16-le'),
}
for name, data in files.items():
    with open(os.path.join(out, name + '.ripple'), 'wb') as f:
        f.write(data)
print(len(files))
