#!/usr/bin/env python3
"""Fill a PDF form from key=value arguments."""
import argparse

from pypdf import PdfReader, PdfWriter

parser = argparse.ArgumentParser()
parser.add_argument("--in", dest="src", required=True)
parser.add_argument("--out", required=True)
args, rest = parser.parse_known_args()
writer = PdfWriter(clone_from=PdfReader(args.src))
writer.update_page_form_field_values(writer.pages[0], dict(kv.split("=", 1) for kv in rest))
writer.write(args.out)
