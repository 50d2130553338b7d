#!/usr/bin/env python3
"""Print the names of the form fields in a PDF."""
import sys

from pypdf import PdfReader

for name in PdfReader(sys.argv[1]).get_fields() or {}:
    print(name)
