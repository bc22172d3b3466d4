#!/usr/bin/python3
"""
Labels made by tools the project's generator does not use, for a check from outside the house.

bench/label-generator draws its labels with pdf-lib, pdfkit and Chromium, from families its authors wrote beside the
reader's rules. This program shares none of its code, names, layouts or toolchains: it draws labels with ReportLab
(Python; the standard-14 fonts, or DejaVu/Liberation TrueType embedded as *simple* subset fonts, which no other
toolchain here writes), re-distils some through Ghostscript's pdfwrite (Type 1C fonts, as 'Print to PDF' does), and
rasterises with Ghostscript (not Chromium or sharp): 1-bit 203 DPI thermal output, JPEG and PNG scans at 150-300 DPI,
and flattened PDFs, and makes phone photos of the printed label lying on a table with Pillow and NumPy (perspective,
wood or cloth, a shadow, turned any way round); and prints an HTML/CSS label page through QtWebKit (wkhtmltopdf), a browser engine other than
Chromium. Its layouts follow LABELS.md's 'Layouts seen in the wild' as a different hand would draw them.

    /usr/bin/python3 bench/outside/make.py OUT_DIR [COUNT] [SEED]

writes the files and a manifest.json in the generator's shape (bench/label-generator/manifest.ts), so that
`GEN_DIR=OUT_DIR npm run bench:generated` reads them through the real import. Needs Debian's python3-reportlab,
ghostscript, wkhtmltopdf, fonts-dejavu-core, fonts-liberation2, python3-pil and python3-numpy (apt); not part of CI. A fresh seed each run unless given.
"""
import json
import os
import random
import subprocess
import sys

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode import createBarcodeDrawing
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

OUT = sys.argv[1]
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 120
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else random.SystemRandom().randrange(1, 2**31)
R = random.Random(SEED)
os.makedirs(OUT, exist_ok=True)

TTF = {
    "DejaVuSans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "DejaVuSans-Bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "DejaVuSansCondensed": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "LiberationSans": "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "LiberationSans-Bold": "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
    "LiberationSerif": "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "LiberationSansNarrow": "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
}
for name, file in TTF.items():
    if os.path.exists(file):
        pdfmetrics.registerFont(TTFont(name, file))
FONT_SETS = [
    ("Helvetica", "Helvetica-Bold"),
    ("Times-Roman", "Times-Bold"),
    ("Courier", "Courier-Bold"),
    ("DejaVuSans", "DejaVuSans-Bold"),
    ("LiberationSans", "LiberationSans-Bold"),
    ("LiberationSerif", "LiberationSans-Bold"),
    ("LiberationSansNarrow", "LiberationSans-Bold"),
    ("DejaVuSansCondensed", "DejaVuSans-Bold"),
]

# People and shops of this program's own (not the generator's lists).
FIRST = ["Alison", "Bartosz", "Ciara", "Declan", "Eilidh", "Fergus", "Gwen", "Hamza", "Isla", "Jakub", "Keira", "Lewis",
         "Maja", "Niamh", "Oscar", "Pooja", "Rory", "Saoirse", "Tariq", "Una", "Vikram", "Wendy", "Xavier", "Yasmin",
         "Zain", "Agnieszka", "Brendan", "Chloé", "Dafydd", "Élodie", "Grainne", "Joël", "Małgorzata", "Renée", "Søren"]
LAST = ["Abbott", "Barnes", "Chowdhury", "Davison", "Ellis", "Fitzgerald", "Gallagher", "Hussain", "Iqbal", "Jenkins",
        "Kowalski", "Lloyd", "McAllister", "Nowak", "O'Brien", "Pritchard", "Quinn", "Rahman", "Sutherland", "Thorne",
        "Underwood", "Vaughan", "Whitaker", "Young", "Zielinski", "Ní Dhomhnaill", "Smith-Jones", "D'Souza", "Müller"]
TITLES = ["", "", "", "", "Mr ", "Mrs ", "Ms ", "Dr ", "Miss "]
SHOP_A = ["Hollow Oak", "Bluebell", "Kestrel", "Marram", "Copper Kettle", "Larkspur", "Northwind", "Pebble & Pine",
          "Thistle", "Riverbank", "Old Mill", "Wild Garlic", "Harbour Light", "Juniper", "Foxglove"]
SHOP_B = ["Candles", "Knitwear", "Prints", "Leather Goods", "Coffee Roasters", "Games", "Soap Co", "Bookshop",
          "Vintage", "Ltd", "Studio", "Supplies", "Ceramics", "Trading", "Home"]
STREETS = ["Acacia Avenue", "Bridge Street", "Castle Road", "Dale View", "Elm Grove", "Ferry Lane", "Glebe Close",
           "High Street", "Kingsway", "Lime Tree Walk", "Mill Road", "Nelson Terrace", "Orchard Way", "Priory Court",
           "Queens Drive", "Station Approach", "Tannery Row", "Union Street", "Victoria Parade", "Wharf Road"]
PLACES = [("Aberdeen", "AB10"), ("Bangor", "LL57"), ("Bath", "BA1"), ("Bolton", "BL1"), ("Bournemouth", "BH1"),
          ("Bristol", "BS8"), ("Cambridge", "CB4"), ("Cardiff", "CF24"), ("Carlisle", "CA3"), ("Chester", "CH2"),
          ("Colchester", "CO4"), ("Derby", "DE22"), ("Dundee", "DD2"), ("Durham", "DH1"), ("Edinburgh", "EH6"),
          ("Exeter", "EX4"), ("Glasgow", "G12"), ("Gloucester", "GL1"), ("Guildford", "GU2"), ("Harrogate", "HG1"),
          ("Hull", "HU5"), ("Inverness", "IV3"), ("Ipswich", "IP4"), ("Kendal", "LA9"), ("Leeds", "LS6"),
          ("Leicester", "LE2"), ("Lincoln", "LN1"), ("Liverpool", "L17"), ("London", "SW11"), ("London", "E17"),
          ("London", "NW3"), ("London", "SE15"), ("London", "W1T"), ("London", "EC1V"), ("Manchester", "M20"),
          ("Norwich", "NR2"), ("Nottingham", "NG7"), ("Oxford", "OX4"), ("Perth", "PH1"), ("Plymouth", "PL4"),
          ("Portsmouth", "PO5"), ("Preston", "PR1"), ("Reading", "RG1"), ("Sheffield", "S11"), ("Southampton", "SO15"),
          ("Stoke-on-Trent", "ST4"), ("Swansea", "SA1"), ("Truro", "TR1"), ("Worcester", "WR5"), ("York", "YO31")]
COUNTIES = ["", "", "", "Devon", "Lancashire", "Kent", "Fife", "Gwynedd", "North Yorkshire", "Norfolk"]
INWARD = "ABDEFGHJLNPQRSTUWXYZ"


STANDARD_14 = False  # set per file: the standard-14 fonts print only WinAnsi characters ('ł' is not one)
# Set per file: a tool that condenses its type into fixed fields by placing each glyph itself at this share of its
# advance, with no space glyph (issue 36, class 1: a reader sees words run together, 'JOHNSMITH'); None draws lines.
SQUEEZE = None


def printable(s):
    return s.replace("ł", "l").replace("Ł", "L") if STANDARD_14 else s


def person():
    return printable(f"{R.choice(TITLES)}{R.choice(FIRST)} {R.choice(LAST)}")


def shop():
    return f"{R.choice(SHOP_A)} {R.choice(SHOP_B)}"


def address(name):
    town, outward = R.choice(PLACES)
    postcode = f"{outward} {R.randint(0, 9)}{R.choice(INWARD)}{R.choice(INWARD)}"
    lines = [name]
    if R.random() < 0.25:
        lines.append(f"Flat {R.randint(1, 40)}{R.choice(['', 'A', 'B'])}")
    lines.append(f"{R.randint(1, 220)} {R.choice(STREETS)}")
    if R.random() < 0.3:
        lines.append(R.choice(["Westfield", "Old Town", "Fairview", "Hillside", "Newton"]))
    lines.append(town)
    county = R.choice(COUNTIES)
    if county:
        lines.append(county)
    return lines, postcode


def as_printed(lines, postcode):
    """A recipient's block as printed: top down mostly; on some the name broken over two lines (a title, or a
    first name or initials, on the line over the surname), and on some bottom up, as old despatch systems fill their
    fields (postcode first, name last; a broken name keeps its own order). The truth is still the whole name."""
    name, rest = lines[0], lines[1:] + [postcode]
    words = name.split()
    if len(words) >= 2 and "&" not in words and R.random() < 0.06:
        name = [words[0], " ".join(words[1:])] if words[0].rstrip(".") in ("Mr", "Mrs", "Ms", "Dr", "Miss") and len(words) > 2 else [" ".join(words[:-1]), words[-1]]
    else:
        name = [name]
    if R.random() < 0.04:
        return list(reversed(rest)) + name
    return name + rest


def evri_code():
    alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    body = R.choice("HT") + "".join(R.choice(alnum) for _ in range(5)) + "".join(R.choice("0123456789") for _ in range(9))
    total = 0
    for i, ch in enumerate(body):
        v = int(ch) if ch.isdigit() else (ord(ch) - 63) % 10
        total += v * (2 if i % 2 == 0 else 1)
    return body + str(total % 10)


def s10_code():
    serial = [R.randint(0, 9) for _ in range(8)]
    c = 11 - sum(d * w for d, w in zip(serial, [8, 6, 4, 2, 3, 5, 9, 7])) % 11
    c = 0 if c == 10 else 5 if c == 11 else c
    prefix = R.choice(["YS", "VB", "JR", "MX", "QP", "TT", "KA", "RS", "LF", "ZW", "FQ", "SG"])
    return f"{prefix}{''.join(map(str, serial))}{c}GB"


def grams_text(g):
    form = R.random()
    if form < 0.35:
        return f"{g / 1000:.2f}kg".replace(".00kg", "kg")
    if form < 0.6:
        return f"{g}g"
    if form < 0.8:
        return f"{g / 1000:g} KG"
    return f"{g / 1000:.3f} kg"


class Page:
    """A 4x6in label page drawn top-down: y is measured from the top edge."""

    def __init__(self, c, fonts, w=4 * inch, h=6 * inch, ox=0, oy=0):
        self.c, self.regular, self.bold, self.w, self.h, self.ox, self.oy = c, fonts[0], fonts[1], w, h, ox, oy

    def text(self, x, y, s, size=9, bold=False, right=False):
        self.c.setFont(self.bold if bold else self.regular, size)
        if SQUEEZE:  # every glyph placed by the tool itself, a share of its advance apart, no space glyph drawn
            font = self.bold if bold else self.regular
            x = x - SQUEEZE * pdfmetrics.stringWidth(s, font, size) if right else x
            for ch in s:
                if ch != " ":
                    self.c.drawString(self.ox + x, self.oy + self.h - y, ch)
                x += SQUEEZE * pdfmetrics.stringWidth(ch, font, size)
        elif right:
            self.c.drawRightString(self.ox + x, self.oy + self.h - y, s)
        else:
            self.c.drawString(self.ox + x, self.oy + self.h - y, s)

    def block(self, x, y, lines, size=9, bold_first=False, lead=1.2):
        for i, s in enumerate(lines):
            self.text(x, y + i * size * lead, s, size, bold=bold_first and i == 0)
        return y + len(lines) * size * lead

    def rule(self, y):
        self.c.setLineWidth(0.8)
        self.c.line(self.ox + 8, self.oy + self.h - y, self.ox + self.w - 8, self.oy + self.h - y)

    def box(self, x, y, w, h, width=1.2):
        self.c.setLineWidth(width)
        self.c.rect(self.ox + x, self.oy + self.h - y - h, w, h)

    def barcode(self, kind, value, x, y, width, height, **kw):
        d = createBarcodeDrawing(kind, value=value, **kw)
        sx, sy = width / d.width, height / d.height
        self.c.saveState()
        self.c.translate(self.ox + x, self.oy + self.h - y - height)
        self.c.scale(sx, sy)
        renderPDF.draw(d, self.c, 0, 0)
        self.c.restoreState()


def evri_service():
    return R.choice([("NEXT DAY", ["NEXT DAY", "Next Day", "ND24"]), ("48 HOUR", ["48 HOUR", "48HR", "48 Hour"]),
                     ("STANDARD", ["STANDARD", "Standard 2-3 day", "2-3 Day"])])


def draw_evri_api(p):
    """A carrier API routing label: retailer header (the sender), no headings, recipient beside the code."""
    code = evri_code()
    sender = shop()
    svc, printed = evri_service()
    rcpt, pc = address(person() if R.random() < 0.8 else shop())
    if R.random() < 0.5:
        rcpt = [s.upper() for s in rcpt]
    header = sender if R.random() < 0.6 else sender.upper()
    brand = R.choice(["evri", "EVRI", "HERMES"])
    room = p.w - 20 - pdfmetrics.stringWidth(brand, p.bold, 14) - R.choice([18, 30, 45])
    size = R.choice([11, 13, 15])
    while pdfmetrics.stringWidth(header, p.bold, size) > room:  # a clear gap before the carrier's name
        size -= 0.5
    p.text(10, 22, header, size, bold=True)
    p.text(p.w - 10, 22, brand, 14, bold=True, right=True)
    p.rule(32)
    ref = str(R.randint(10**8, 10**9))
    p.text(10, 46, ref if R.random() < 0.5 else f"Ref: {ref}", 8)
    p.box(p.w - 78, 38, 68, 48)
    p.text(p.w - 44 - 6, 58, str(R.randint(10, 99)), 16, bold=True)
    p.text(p.w - 70, 80, R.choice(["LVPL", "BRST", "MNCH", "LEED", "BHAM", "NTHM"]), 14, bold=True)
    y = p.block(10, 66, as_printed(rcpt, pc), R.choice([9, 10, 11]), lead=1.18)
    p.text(10, max(y, 100) + 12, R.choice(printed), 14, bold=True)
    p.text(10, max(y, 100) + 30, f"VAN {R.randint(1, 99)}   DROP {R.randint(1, 99)}   C-ROUND {R.randint(1000, 9999)}", 8)
    top = max(y, 100) + 44
    p.barcode("Code128", code, 18, top, p.w - 36, 70, barWidth=1, humanReadable=False)
    printed_code = code if R.random() < 0.5 else f"{code[0]}-{code[1:5]}-{code[5]}-{code[6:15]}-{code[15]}"
    p.text(p.w / 2 - 60, top + 86, printed_code, 10, bold=True)
    p.barcode("QR", f"{code}|{pc.replace(' ', '')}|{R.randint(100000, 999999)}", p.w - 80, top + 96, 64, 64)
    p.text(10, top + 110, R.choice(["COU-PNET", "HERMES", "PNET"]), 9)
    return {"courier": "evri", "trackingCode": code, "recipientName": rcpt[0], "recipientPostcode": pc,
            "senderName": sender, "service": svc}


RM_SERVICES = [("Tracked 24", "TPN01", ["Tracked 24", "Royal Mail Tracked 24"]),
               ("Tracked 48", "TPS01", ["Tracked 48 No Signature", "Tracked 48"]),
               ("1st Class", "CRL01", ["1st Class", "Royal Mail 1st Class"]),
               ("2nd Class", "CRL02", ["2nd Class", "Royal Mail 2nd Class"])]


def draw_rm(p):
    """A Click & Drop style label: service over 'Postage Paid GB', Data Matrix, bare recipient, return address."""
    code = s10_code()
    svc, product, printed = R.choice(RM_SERVICES)
    rcpt, pc = address(person())
    sender = R.choice([shop(), person()])
    sender_lines, spc = address(sender)
    p.text(10, 20, "Royal Mail", 14, bold=True)
    p.text(10, 36, R.choice(printed), 10, bold=True)
    p.text(10, 50, "Postage Paid GB", 8)
    if R.random() < 0.5:
        p.text(10, 62, f"{R.randint(1, 28):02d}/{R.randint(1, 12):02d}/2026", 7)
    payload = (f"JGB 6209F{R.randint(10**9, 10**10 - 1)}000000A19D{R.randint(10**4, 10**5 - 1)}0000250{R.randint(100, 999)}"
               f"300426300426{product}  {code}    14                                 "
               f"{pc.replace(' ', '')}9ZGB {spc.replace(' ', '')}   {spc.replace(' ', '')}")
    p.barcode("ECC200DataMatrix", payload, p.w - 90, 10, 76, 76)
    p.rule(92)
    y = p.block(14, 112, as_printed(rcpt, pc), R.choice([10, 11, 12]), bold_first=R.random() < 0.5)
    grouped = f"{code[:2]} {code[2:6]} {code[6:10]} {code[10:]}"
    top = max(y, 190) + 8
    p.barcode("Code128", code, 30, top, p.w - 60, 52, barWidth=1, humanReadable=False)
    p.text(p.w / 2 - 50, top + 66, grouped, 10)
    weight = None
    if R.random() < 0.5:
        weight = R.choice([100, 250, 450, 750, 1000, 1250, 2000, 3500, 5000, 8000])
        p.text(10, top + 82, f"Weight: {grams_text(weight)}", 8)
    if R.random() < 0.6:
        p.text(p.w - 10, top + 82, f"Customer Ref: {R.randint(100, 999)}-{R.randint(10**6, 10**7 - 1)}-{R.randint(10**6, 10**7 - 1)}", 7, right=True)
    heading = R.choice(["If undelivered please return to:", "Return address:", "Return to:"])
    p.text(10, top + 100, heading, 7)
    ret = sender_lines + [spc]
    if R.random() < 0.5:
        p.text(10, top + 110, ", ".join(ret), 6.5)
    else:
        p.block(10, top + 110, ret, 6.5)
    t = {"courier": "royalmail", "trackingCode": code, "recipientName": rcpt[0], "recipientPostcode": pc,
         "senderName": sender, "service": svc}
    if weight:
        t["weightInGrams"] = weight
    return t


def draw_seller(p):
    """A label a seller made in an office tool: headings, a weight, the code printed under its barcode."""
    evri = R.random() < 0.5
    code = evri_code() if evri else s10_code()
    rcpt, pc = address(person())
    sender = R.choice([shop(), person()])
    sender_lines, spc = address(sender)
    if evri:
        svc, printed = evri_service()
        service_line = R.choice(["Evri ", "Service: ", ""]) + R.choice(printed)
    else:
        svc, _, printed = R.choice(RM_SERVICES)
        service_line = R.choice(["Service: ", ""]) + R.choice(printed)
    weight = R.choice([180, 320, 600, 900, 1400, 2250, 4000, 7500])
    to_head = R.choice(["DELIVER TO:", "Ship to:", "TO:", "Recipient", "Deliver to"])
    from_head = R.choice(["FROM:", "From:", "Sender:", "Return to:", "If undelivered return to:"])
    size = R.choice([11, 12, 13])
    x0 = R.choice([12, 18, 24])
    order = R.random() < 0.7
    y = 22
    if not order:  # sender first, small, at the top
        p.text(x0, y, from_head, 7, bold=True)
        y = p.block(x0, y + 10, sender_lines + [spc], 7) + 8
        p.rule(y)
        y += 16
    p.text(x0, y, to_head, 8, bold=True)
    y = p.block(x0, y + size + 2, as_printed(rcpt, pc), size, bold_first=R.random() < 0.6) + 6
    p.rule(y)
    y += 16
    p.text(x0, y, service_line, 11, bold=True)
    p.text(p.w - 12, y, f"{R.choice(['Weight: ', 'Wt ', ''])}{grams_text(weight)}", 10, right=True)
    y += 10
    p.barcode("Code128", code, 24, y, p.w - 48, 56, barWidth=1, humanReadable=False)
    p.text(p.w / 2 - 45, y + 70, code, 10)
    y += 90
    if order:
        p.text(x0, y, from_head, 7, bold=True)
        if R.random() < 0.5:
            p.text(x0, y + 10, ", ".join(sender_lines + [spc]), 6.5)
        else:
            p.block(x0, y + 10, sender_lines + [spc], 7)
    if R.random() < 0.4:
        p.text(x0, p.h - 12, R.choice(["Thank you for your order!", "Order #" + str(R.randint(10**5, 10**6)), "Printed with LabelMate"]), 7)
    return {"courier": "evri" if evri else "royalmail", "trackingCode": code, "recipientName": rcpt[0],
            "recipientPostcode": pc, "senderName": sender, "service": svc, "weightInGrams": weight}


def draw_marketplace(p):
    """A marketplace postage label: big 'SHIP TO', order number, a platform tagline that is not the sender."""
    evri = R.random() < 0.6
    code = evri_code() if evri else s10_code()
    rcpt, pc = address(person())
    sender = person()
    sender_lines, spc = address(sender)
    svc, printed = evri_service() if evri else R.choice(RM_SERVICES)[::2]
    p.text(10, 20, R.choice(["Postage label", "SHIPPING LABEL", "Parcel"]), 10, bold=True)
    p.text(p.w - 10, 20, "evri" if evri else "Royal Mail", 12, bold=True, right=True)
    p.text(10, 34, f"From: {sender}, {sender_lines[1]}, {sender_lines[-1]} {spc}" if R.random() < 0.5 else f"From: {sender}", 6.5)
    p.box(8, 44, p.w - 16, 118)
    p.text(16, 58, "SHIP TO", 8, bold=True)
    p.block(16, 74, as_printed(rcpt, pc), 11, bold_first=True, lead=1.15)
    p.text(10, 178, R.choice(printed) if isinstance(printed, list) else printed, 13, bold=True)
    p.text(p.w - 10, 178, f"Order {R.randint(10, 99)}-{R.randint(10**4, 10**5 - 1)}-{R.randint(10**4, 10**5 - 1)}", 7, right=True)
    p.barcode("Code128", code, 20, 190, p.w - 40, 64, barWidth=1, humanReadable=False)
    p.text(p.w / 2 - 48, 268, code, 10, bold=True)
    p.text(10, p.h - 14, R.choice(["Sent with Shipwise - ship smarter", "Posted via Parcel2Go", "Powered by Sellbrite"]), 6.5)
    return {"courier": "evri" if evri else "royalmail", "trackingCode": code, "recipientName": rcpt[0],
            "recipientPostcode": pc, "senderName": sender, "service": svc}


def svg_barcode(kind, value, **kw):
    import base64
    from reportlab.graphics import renderSVG
    return "data:image/svg+xml;base64," + base64.b64encode(renderSVG.drawToString(createBarcodeDrawing(kind, value=value, **kw)).encode()).decode()


def web_label(path):
    """An online shop's label page in HTML and CSS, printed to PDF by QtWebKit (wkhtmltopdf), not Chromium."""
    evri = R.random() < 0.5
    code = evri_code() if evri else s10_code()
    rcpt, pc = address(person() if R.random() < 0.85 else shop())
    sender = shop()
    sender_lines, spc = address(sender)
    svc, printed = evri_service() if evri else R.choice(RM_SERVICES)[::2]
    weight = R.choice([None, 240, 510, 980, 1500, 2750]) if R.random() < 0.7 else None
    font = R.choice(["DejaVu Sans", "Liberation Sans", "Liberation Serif", "DejaVu Sans Condensed", "Liberation Mono"])
    esc = lambda t: t.replace("&", "&amp;").replace("<", "&lt;")
    to_head = R.choice(["Deliver to", "SHIP TO", "To", "Recipient", ""])
    from_head = R.choice(["From", "Return address", "Sender", "If undelivered, please return to"])
    rcpt_html = "<br>".join(esc(t) for t in as_printed(rcpt, pc))
    from_html = (", " if R.random() < 0.4 else "<br>").join(esc(t) for t in sender_lines + [spc])
    sender_box = f'<div class="from"><div class="h">{from_head}</div>{from_html}</div>'
    to_box = f'<div class="to">{f"<div class=h>{to_head}</div>" if to_head else ""}<div class="addr">{rcpt_html}</div></div>'
    side = R.random() < 0.35  # sender and recipient side by side
    rows = [f'<div class="row">{sender_box}{to_box}</div>' if side else (sender_box + to_box if R.random() < 0.4 else to_box + sender_box)]
    meta = f'<table class="meta"><tr><td>Service</td><td><b>{esc(R.choice(printed) if isinstance(printed, list) else printed)}</b></td></tr>'
    if weight:
        meta += f"<tr><td>{R.choice(['Weight', 'Parcel weight', 'Wt.'])}</td><td>{grams_text(weight)}</td></tr>"
    meta += f"<tr><td>Order</td><td>#{R.randint(1000, 99999)}</td></tr></table>"
    bar = f'<div class="bar"><img src="{svg_barcode("Code128", code, barWidth=1, humanReadable=False)}"><div class="code">{code}</div></div>'
    parts = [f'<div class="top"><span class="brand">{"evri" if evri else "Royal Mail"}</span><span class="shop">{esc(sender)}</span></div>', *rows, meta, bar]
    if R.random() < 0.3:
        parts.insert(3, parts.pop())  # the barcode above the table
    css = (f"body{{margin:0;font-family:'{font}';font-size:{R.choice([10, 11, 12])}px}} .page{{padding:{R.choice([8, 12, 16])}px}}"
           ".top{display:flex;justify-content:space-between;border-bottom:2px solid #000;padding-bottom:4px;font-weight:bold}"
           ".brand{font-size:18px} .shop{font-size:11px;align-self:flex-end} .row{display:flex;gap:12px} .row>div{flex:1}"
           f".h{{font-size:9px;text-transform:{R.choice(['uppercase', 'none'])};color:#333;margin-top:8px}}"
           f".from{{font-size:{R.choice([8, 9])}px;margin:6px 0}} .to .addr{{font-size:{R.choice([14, 16, 18])}px;line-height:1.2;margin:4px 0}}"
           ".meta{margin:8px 0;border-collapse:collapse} .meta td{border:1px solid #000;padding:2px 6px}"
           ".bar{text-align:center;margin-top:8px} .bar img{width:85%;height:60px} .code{font-size:12px;letter-spacing:1px}")
    html = f"<html><head><meta charset='utf-8'><style>{css}</style></head><body><div class='page'>{''.join(parts)}</div></body></html>"
    with open(path + ".html", "w") as f:
        f.write(html)
    subprocess.run(["wkhtmltopdf", "-q", "--page-width", "101.6mm", "--page-height", "152.4mm", "-B", "0", "-T", "0", "-L", "0", "-R", "0",
                    "--disable-smart-shrinking", path + ".html", path], check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.remove(path + ".html")
    t = {"courier": "evri" if evri else "royalmail", "trackingCode": code, "recipientName": rcpt[0], "recipientPostcode": pc,
         "senderName": sender, "service": svc}
    if weight:
        t["weightInGrams"] = weight
    return t


FAMILIES = {"evri-api": draw_evri_api, "rm-clickdrop": draw_rm, "seller-made": draw_seller, "marketplace": draw_marketplace}


def table_texture(w, h):
    """What the label lies on, as NumPy RGB: wood (boards of grain, rings warped by slow noise), woven cloth or a mottled top."""
    import numpy as np
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    kind = R.choice(["wood", "wood", "cloth", "top"])
    slow = sum(np.sin(xx / R.uniform(80, 300) + R.uniform(0, 6)) * np.cos(yy / R.uniform(80, 300) + R.uniform(0, 6)) for _ in range(3))
    if kind == "wood":
        base = np.array(R.choice([(150, 100, 60), (185, 140, 95), (110, 70, 40), (200, 165, 120)]), np.float32)
        board = R.uniform(60, 160)
        rings = np.sin((yy + 14 * slow) / R.uniform(2.5, 6)) * 0.5 + np.sin((yy + 30 * slow) / R.uniform(9, 20)) * 0.5
        shade = 1 + 0.12 * rings + 0.05 * np.sign(np.sin(yy / board * np.pi))
    elif kind == "cloth":
        base = np.array(R.choice([(60, 75, 120), (140, 50, 50), (90, 110, 80), (150, 145, 140)]), np.float32)
        period = R.uniform(3, 7)
        shade = 1 + 0.12 * np.sin(xx * np.pi / period) * np.sin(yy * np.pi / period) + 0.04 * slow
    else:
        base = np.array(R.choice([(120, 120, 125), (70, 68, 66), (175, 170, 160)]), np.float32)
        shade = 1 + 0.05 * slow
    img = base[None, None, :] * shade[:, :, None]
    return np.clip(img + np.random.default_rng(R.randrange(2**32)).normal(0, 6, img.shape), 0, 255)


def perspective_coeffs(dst, src):
    """PIL's PERSPECTIVE coefficients taking each output point in dst to its source point in src."""
    import numpy as np
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src):
        rows += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        rhs += [u, v]
    return np.linalg.solve(np.array(rows, float), np.array(rhs, float)).tolist()


def phone_photo(png, out):
    """The label (a Ghostscript raster) lying on a table, photographed by a phone held at a slant: a keystone of up to
    a fifth, the label turned a quarter any way and a few degrees, light falling off, a soft shadow across, JPEG."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter
    label = Image.open(png).convert("RGB")
    lw, lh = label.size
    turn = R.choice([0, 0, 0, 90, 90, 270, 270, 180]) + R.uniform(-7, 7)
    side = max(lw, lh) * R.uniform(1.25, 1.6)
    W, H = (int(side), int(side * R.uniform(0.75, 0.9))) if R.random() < 0.5 else (int(side * R.uniform(0.75, 0.9)), int(side))
    fit = min(W, H) / max(lw, lh) * R.uniform(0.85, 0.95) if 45 < turn % 180 < 135 else min(W / lw, H / lh) * R.uniform(0.7, 0.85)
    a = np.radians(turn)
    corners = []
    for cx, cy in [(-lw / 2, -lh / 2), (lw / 2, -lh / 2), (lw / 2, lh / 2), (-lw / 2, lh / 2)]:
        corners.append([W / 2 + fit * (cx * np.cos(a) - cy * np.sin(a)), H / 2 + fit * (cx * np.sin(a) + cy * np.cos(a))])
    # The far side of the picture (its top) seen smaller: points pulled towards the vertical middle the higher they are.
    keystone = R.uniform(0, 0.2)
    for c in corners:
        c[0] = W / 2 + (c[0] - W / 2) * (1 - keystone * (1 - c[1] / H))
    photo = Image.fromarray(table_texture(W, H).astype(np.uint8))
    coeffs = perspective_coeffs(corners, [(0, 0), (lw, 0), (lw, lh), (0, lh)])
    paper = label.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BILINEAR)
    mask = Image.new("L", (lw, lh), 255).transform((W, H), Image.PERSPECTIVE, coeffs, Image.BILINEAR)
    photo.paste(paper, (0, 0), mask)
    light = np.ones((H, W), np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    fx, fy = R.uniform(0, W), R.uniform(0, H)
    light *= 1 - R.uniform(0.1, 0.35) * np.clip(np.hypot(xx - fx, yy - fy) / np.hypot(W, H), 0, 1)
    if R.random() < 0.75:
        shade = Image.new("L", (W, H), 0)
        x0, y0 = R.uniform(-0.3, 0.6) * W, R.uniform(-0.3, 0.6) * H
        ImageDraw.Draw(shade).ellipse([x0, y0, x0 + R.uniform(0.3, 0.8) * W, y0 + R.uniform(0.3, 0.8) * H], fill=255)
        shade = shade.filter(ImageFilter.GaussianBlur(min(W, H) * R.uniform(0.015, 0.05)))
        light *= 1 - R.uniform(0.2, 0.45) * np.asarray(shade, np.float32) / 255
    out_img = np.clip(np.asarray(photo, np.float32) * light[:, :, None], 0, 255).astype(np.uint8)
    Image.fromarray(out_img).save(out, "JPEG", quality=R.choice([60, 75, 85, 92]))
    return {"turn": round(turn, 1), "keystone": round(keystone, 3)}


def gs(args):
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def draw_reportlab(family, fonts, pdf):
    global SQUEEZE
    SQUEEZE = R.uniform(0.74, 0.86) if R.random() < 0.12 else None
    a4 = family == "seller-made" and R.random() < 0.3
    # A carrier API's 4x6 page is often landscape with /Rotate 90: drawn sideways, shown upright.
    turned = not a4 and family == "evri-api" and R.random() < 0.5
    # (ReportLab swaps the media box of a page turned 90°: a 4x6 page size gives a 6x4 media box.)
    c = canvas.Canvas(pdf, pagesize=(595.27, 841.89) if a4 else (4 * inch, 6 * inch))
    c.setTitle("label")
    if turned:
        c.setPageRotation(90)
        c.transform(0, 1, -1, 0, 6 * inch, 0)
    page = Page(c, fonts, oy=841.89 - 6 * inch - 30 if a4 else 0, ox=30 if a4 else 0)
    truth = FAMILIES[family](page)
    c.showPage()
    c.save()
    notes = [f"fonts {fonts[0]}", "a4" if a4 else "4x6 /Rotate 90" if turned else "4x6"]
    return truth, notes + ([f"glyphs placed at {SQUEEZE:.2f} of their advance"] if SQUEEZE else []), turned


def main():
    files = []
    for index in range(1, COUNT + 1):
        family = R.choice([*FAMILIES, "web-label"])
        fonts = R.choice(FONT_SETS)
        global STANDARD_14
        STANDARD_14 = fonts[0] in ("Helvetica", "Times-Roman", "Courier") and family != "web-label"
        medium_roll = R.random()
        base = os.path.join(OUT, f"{index:04d}-{family}")
        pdf = base + "-src.pdf"
        if family == "web-label":
            truth = web_label(pdf)
            notes, turned = ["wkhtmltopdf"], False
        else:
            truth, notes, turned = draw_reportlab(family, fonts, pdf)
        if medium_roll < 0.45:
            medium, toolchain, image, name = "text-pdf", "wkhtmltopdf" if family == "web-label" else "reportlab", None, base + ".pdf"
            os.rename(pdf, name)
        elif medium_roll < 0.6:
            medium, toolchain, image, name = "text-pdf", "ghostscript", None, base + "-gs.pdf"
            gs(["-sDEVICE=pdfwrite", "-dAutoRotatePages=/None", f"-sOutputFile={name}", pdf])
            os.remove(pdf)
        else:
            toolchain = "ghostscript"
            kind = R.choice(["thermal", "scan-png", "scan-jpeg", "low-jpeg", "flat", "photo"])
            if kind == "photo":
                dpi, device, ext = R.choice([150, 200, 250]), "png16m", "png"
            elif kind == "thermal":
                dpi, device, ext = 203, "pngmono", "png"
            elif kind == "scan-png":
                dpi, device, ext = R.choice([200, 300]), "pnggray", "png"
            elif kind == "scan-jpeg":
                dpi, device, ext = R.choice([200, 300]), "jpeg", "jpg"
            elif kind == "low-jpeg":
                dpi, device, ext = 150, "jpeg", "jpg"
            else:
                dpi, device, ext = 200, "png16m", "png"
            out = f"{base}-{kind}-{dpi}.{ext}"
            extra = [f"-dJPEGQ={R.choice([60, 75, 90])}"] if device == "jpeg" else []
            gs([f"-sDEVICE={device}", f"-r{dpi}", "-dTextAlphaBits=4" if device != "pngmono" else "-dTextAlphaBits=1",
                "-dGraphicsAlphaBits=4" if device != "pngmono" else "-dGraphicsAlphaBits=1", *extra, f"-sOutputFile={out}", pdf])
            os.remove(pdf)
            image = {"kind": kind, "dpi": dpi, "device": device}
            medium, name = "image", out
            if kind == "photo":
                name = f"{base}-photo-{dpi}.jpg"
                image.update(phone_photo(out, name))
                os.remove(out)
            if kind == "flat":
                medium, name = "flat-pdf", f"{base}-flat.pdf"
                from reportlab.lib.utils import ImageReader
                img = ImageReader(out)
                w, h = img.getSize()
                fc = canvas.Canvas(name, pagesize=(w * 72 / dpi, h * 72 / dpi))
                fc.drawImage(img, 0, 0, w * 72 / dpi, h * 72 / dpi)
                fc.showPage()
                fc.save()
                os.remove(out)
        files.append({"index": index, "name": os.path.basename(name), "family": family, "toolchain": toolchain,
                      "medium": medium, "image": image, "labels": [truth], "notes": notes})
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump({"seed": str(SEED), "files": files}, f, indent=1, ensure_ascii=False)
    print(f"outside labels: SEED={SEED}, {len(files)} files in {OUT}")


main()
