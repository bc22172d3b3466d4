#!/usr/bin/python3
"""
Documents that are not shipping labels, though each holds a valid tracking code (issue 36, class 6), made by other
tools than the generator's, for a check from outside the house: a customs declaration alone (a CN22 on a label roll
or an A4 page, a CN23 with both addresses), a posting tool's manifest or collection summary (a table of parcels), a
return QR code to show at a counter, a carrier's tracking page and a shop's dispatch e-mail printed from a browser
engine (QtWebKit). Beside them, as a control, labels printed with a CN22 beside them, which must still read.

    /usr/bin/python3 bench/outside/documents.py OUT_DIR [COUNT] [SEED]

writes the files and a manifest.json in the generator's shape (a document's `labels` is empty: uploading it must
charge nothing), so `GEN_DIR=OUT_DIR npm run bench:generated` reads them through the real import and prints how many
were charged. Shares no code with bench/label-generator (nor with make.py: its own names, places and layouts).
Needs Debian's python3-reportlab, ghostscript and wkhtmltopdf; not part of CI. A fresh seed each run unless given.
"""
import json
import os
import random
import subprocess
import sys

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode import createBarcodeDrawing
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import inch, mm
from reportlab.pdfgen import canvas

OUT = sys.argv[1]
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 200
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else random.SystemRandom().randrange(1, 2**31)
R = random.Random(SEED)
os.makedirs(OUT, exist_ok=True)

GIVEN = ["Harriet", "Idris", "Meera", "Callum", "Bronwen", "Tomasz", "Aoife", "Kwame", "Lucille", "Rhys", "Signe",
         "Farah", "Ewan", "Delphine", "Oluwaseun", "Mairead"]
FAMILY = ["Ashdown", "Brennan", "Crowther", "Dlamini", "Esposito", "Forsyth", "Grewal", "Holloway", "Ingram", "Jankowski",
          "Kerr", "Lindqvist", "Mahmood", "Nolan", "Oyelaran", "Penhaligon"]
STORES = ["Saltbox Studio", "The Paper Hare", "Fernleaf Apothecary", "Wold & Weave", "Brass Lantern Games",
          "Cobble Lane Books", "Heronsgate Tea", "Little Ember Candles"]
ROADS = ["Albion Street", "Beech Road", "Chapel Walk", "Dock Lane", "Eastgate", "Foundry Row", "Green Lane", "Hope Street"]
TOWNS = [("Barnstaple", "EX31"), ("Chelmsford", "CM2"), ("Darlington", "DL3"), ("Falkirk", "FK1"), ("Hereford", "HR4"),
         ("Kettering", "NN16"), ("Llandudno", "LL30"), ("Macclesfield", "SK11"), ("Newport", "NP20"), ("Oban", "PA34"),
         ("Peterborough", "PE1"), ("Salisbury", "SP2"), ("Taunton", "TA1"), ("Wakefield", "WF1"), ("London", "N7")]
ABROAD = [("Jana Novák", "Vinohradská 18", "120 00", "Praha", "Czech Republic"), ("Pieter Jansen", "Lange Straat 7", "2011 HK", "Haarlem", "Netherlands"),
          ("Marta López", "Calle Mayor 3", "28013", "Madrid", "Spain"), ("Kenji Sato", "2-4-1 Shibakoen", "105-0011", "Tokyo", "Japan")]
GOODS = [("Hand-thrown bowl", "691200"), ("Wool socks", "611595"), ("Poetry book", "490199"), ("Board game", "950490"),
         ("Beeswax candle", "340600"), ("Leather notebook", "482010")]


def person():
    return f"{R.choice(['', '', 'Mr ', 'Ms ', 'Dr '])}{R.choice(GIVEN)} {R.choice(FAMILY)}"


def place():
    town, outward = R.choice(TOWNS)
    return town, f"{outward} {R.randint(1, 9)}{R.choice('ABDEFGHJLNPQRSTUWXYZ')}{R.choice('ABDEFGHJLNPQRSTUWXYZ')}"


def s10(prefixes=("VB", "YS", "JR", "KA", "TT", "RS")):
    serial = [R.randint(0, 9) for _ in range(8)]
    c = 11 - sum(d * w for d, w in zip(serial, [8, 6, 4, 2, 3, 5, 9, 7])) % 11
    return f"{R.choice(prefixes)}{''.join(map(str, serial))}{0 if c == 10 else 5 if c == 11 else c}GB"


def evri():
    body = "H" + "".join(R.choice("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(5)) + "".join(R.choice("0123456789") for _ in range(9))
    total = sum((int(ch) if ch.isdigit() else (ord(ch) - 63) % 10) * (2 if i % 2 == 0 else 1) for i, ch in enumerate(body))
    return body + str(total % 10)


def code(courier):
    return s10() if courier == "royalmail" else evri()


def spaced(c):
    return f"{c[:2]} {c[2:6]} {c[6:10]} {c[10:]}" if c.endswith("GB") and R.random() < 0.5 else c


class Sheet:
    """A page drawn top-down with ReportLab: y from the top edge."""

    def __init__(self, path, size, font=("Helvetica", "Helvetica-Bold")):
        self.c = canvas.Canvas(path, pagesize=size)
        self.w, self.h = size
        self.font = font

    def text(self, x, y, s, size=9, bold=False):
        self.c.setFont(self.font[1] if bold else self.font[0], size)
        self.c.drawString(x, self.h - y, s)

    def box(self, x, y, w, h):
        self.c.setLineWidth(0.7)
        self.c.rect(x, self.h - y - h, w, h)

    def barcode(self, kind, value, x, y, w, h, **kw):
        d = createBarcodeDrawing(kind, value=value, **kw)
        self.c.saveState()
        self.c.translate(x, self.h - y - h)
        self.c.scale(w / d.width, h / d.height)
        renderPDF.draw(d, self.c, 0, 0)
        self.c.restoreState()

    def save(self):
        self.c.showPage()
        self.c.save()


def cn22(s, x, y, w, item):
    """A CN22 in the box at (x, y), w wide; prints `item` and its barcode when given. Answers its bottom."""
    k = w / 280
    s.text(x + 6, y + 14 * k, "CUSTOMS DECLARATION", 10 * k, bold=True)
    s.text(x + w - 46 * k, y + 14 * k, "CN 22", 11 * k, bold=True)
    s.text(x + 6, y + 26 * k, R.choice(["May be opened officially", "Peut être ouvert d'office / May be opened officially"]), 6.5 * k)
    t = y + 38 * k
    if item:
        s.barcode("Code128", item, x + 10, t, w - 20, 26 * k, barWidth=1, humanReadable=False)
        s.text(x + w / 2 - 40 * k, t + 36 * k, spaced(item), 8 * k)
        t += 48 * k
    marks = ["Gift", "Documents", "Commercial sample", "Returned goods", "Other"]
    on = R.randrange(len(marks))
    s.text(x + 6, t, "   ".join(("[x] " if i == on else "[ ] ") + m for i, m in enumerate(marks[:3])), 6.5 * k)
    s.text(x + 6, t + 10 * k, "   ".join(("[x] " if i + 3 == on else "[ ] ") + m for i, m in enumerate(marks[3:])), 6.5 * k)
    t += 24 * k
    s.text(x + 6, t, "Quantity and detailed description of contents", 6 * k)
    s.text(x + w * 0.64, t, "Weight (kg)", 6 * k)
    s.text(x + w * 0.82, t, "Value", 6 * k)
    t += 11 * k
    kg = value = 0
    for _ in range(R.randint(1, 3)):
        what, _hs = R.choice(GOODS)
        q, wkg, v = R.randint(1, 3), R.randint(1, 30) / 20, R.randint(4, 45)
        kg, value = kg + wkg, value + v * q
        s.text(x + 6, t, f"{q} {what}", 7 * k)
        s.text(x + w * 0.64, t, f"{wkg:.2f}", 7 * k)
        s.text(x + w * 0.82, t, f"GBP {v * q:.2f}", 7 * k)
        t += 10 * k
    s.text(x + 6, t + 2 * k, f"HS tariff number: {R.choice(GOODS)[1]}    Country of origin: {R.choice(['United Kingdom', 'UK'])}", 6 * k)
    s.text(x + 6, t + 13 * k, f"Total weight: {kg:.2f} kg    Total value: GBP {value:.2f}", 7 * k)
    s.text(x + 6, t + 25 * k, "I, the undersigned, certify that the particulars given in this declaration are correct", 5.5 * k)
    s.text(x + 6, t + 32 * k, "and that this item does not contain any dangerous article prohibited by postal regulations.", 5.5 * k)
    s.text(x + 6, t + 44 * k, f"Date and sender's signature: {R.randint(1, 28)}/{R.randint(1, 12)}/2026  {R.choice(FAMILY)}", 6.5 * k)
    bottom = t + 52 * k
    s.box(x, y, w, bottom - y)
    return bottom


def customs(path):
    item = s10(("LX", "RR", "CP", "UG")) if R.random() < 0.6 else None
    form = R.choice(["cn22-roll", "cn22-a4", "cn23"])
    if form == "cn23":
        s = Sheet(path, A4)
        s.text(40, 50, "CUSTOMS DECLARATION", 15, bold=True)
        s.text(300, 50, "CN 23", 15, bold=True)
        if item:
            s.barcode("Code128", item, 380, 30, 170, 34, barWidth=1, humanReadable=False)
            s.text(400, 76, item, 9)
        town, pc = place()
        name, street, apc, city, country = R.choice(ABROAD)
        for x, head, lines in [(40, "From", [person(), f"{R.randint(2, 90)} {R.choice(ROADS)}", town, pc, "United Kingdom"]), (300, "To", [name, street, apc, city, country])]:
            s.box(x, 92, 250, 100)
            s.text(x + 6, 106, head, 9, bold=True)
            for i, l in enumerate(lines):
                s.text(x + 6, 122 + i * 13, l, 9)
        t = 214
        s.text(40, t, "Detailed description of contents      Quantity   Net weight (kg)   Value   HS tariff number   Country of origin", 7)
        for what, hs in R.sample(GOODS, R.randint(1, 3)):
            t += 13
            s.text(40, t, f"{what}                      {R.randint(1, 4)}          {R.randint(1, 20) / 10}            GBP {R.randint(5, 80)}     {hs}     United Kingdom", 8)
        s.text(40, t + 26, "Category of item: [ ] Gift  [x] Sale of goods  [ ] Commercial sample  [ ] Documents  [ ] Returned goods", 8)
        s.text(40, t + 44, "Postal charges/Fees: GBP 14.60     Office of origin/Date of posting: " + f"{R.randint(1, 28)}/{R.randint(1, 12)}/2026", 8)
        s.text(40, t + 62, "I certify that the particulars given in this customs declaration are correct.", 8)
        s.text(40, t + 80, "Date and sender's signature", 8)
        s.save()
    else:
        size = (4 * inch, 6 * inch) if form == "cn22-roll" else A4
        s = Sheet(path, size, R.choice([("Helvetica", "Helvetica-Bold"), ("Times-Roman", "Times-Bold"), ("Courier", "Courier-Bold")]))
        cn22(s, 10, 12, size[0] - 20 if form == "cn22-roll" else 280, item)
        s.save()
    return [], [form, "item number printed" if item else "no item number"]


def manifest(path):
    courier = R.choice(["royalmail", "evri"])
    s = Sheet(path, A4 if R.random() < 0.7 else A4[::-1], R.choice([("Helvetica", "Helvetica-Bold"), ("Times-Roman", "Times-Bold")]))
    s.text(36, 40, "Royal Mail" if courier == "royalmail" else "Evri", 16, bold=True)
    title = R.choice(["Collection Manifest", "Despatch summary", "Manifest of items", "Collection summary"])
    s.text(36, 64, title, 14, bold=True)
    s.text(36, 82, f"Account {R.randint(10**7, 10**8)}    Printed {R.randint(1, 28)}/{R.randint(1, 12)}/2026    Manifest no. M{R.randint(10**5, 10**6)}", 8)
    rows = R.choice([1, 2, R.randint(3, 9), R.randint(10, 30)])
    t = 106
    s.text(36, t, "Item", 8, bold=True)
    s.text(64, t, "Tracking number", 8, bold=True)
    s.text(190, t, "Addressee", 8, bold=True)
    s.text(320, t, "Postcode", 8, bold=True)
    s.text(380, t, "Service", 8, bold=True)
    s.text(480, t, "Weight", 8, bold=True)
    size = 7 if rows > 18 else 8
    for i in range(rows):
        t += size * 1.6
        _, pc = place()
        s.text(36, t, str(i + 1), size)
        s.text(64, t, spaced(code(courier)), size)
        s.text(190, t, person(), size)
        s.text(320, t, pc, size)
        s.text(380, t, R.choice(["Tracked 48", "Tracked 24", "1st Class"] if courier == "royalmail" else ["Next Day", "Standard", "48hr"]), size)
        s.text(480, t, f"{R.randint(1, 80) / 10:.1f} kg", size)
    s.text(36, t + 24, f"Items: {rows}", 9, bold=True)
    s.text(36, t + 44, "Collected by: ____________________   Date/time: ______________", 8)
    s.save()
    return [], [title, f"{rows} rows", courier]


def qr_return(path):
    courier = R.choice(["royalmail", "evri"])
    c = code(courier)
    s = Sheet(path, A4 if R.random() < 0.6 else (4 * inch, 6 * inch))
    s.text(24, 40, R.choice(STORES), 13, bold=True)
    s.text(24, 64, R.choice(["Your returns QR code", "Return without a printer", "Returns drop-off code"]), 15, bold=True)
    s.text(24, 84, "Post Office: show this QR code at the counter." if courier == "royalmail" else "Show this QR code at any Evri ParcelShop.", 9)
    q = min(200, s.w - 60)
    s.barcode("QR", R.choice([c, f"RET-{R.randint(10**9, 10**10)}", f"https://returns.example.co.uk/{c}"]), (s.w - q) / 2, 100, q, q)
    s.text(24, 120 + q, f"Tracking: {spaced(c)}", 10, bold=True)
    if R.random() < 0.6:
        town, pc = place()
        for i, l in enumerate(["Returns to:", R.choice(STORES), f"Unit {R.randint(1, 30)}, {R.choice(ROADS)}", town, pc]):
            s.text(24, 140 + q + i * 12, l, 9)
    s.save()
    return [], [courier]


def html_pdf(path, html):
    with open(path + ".html", "w") as f:
        f.write(html)
    subprocess.run(["wkhtmltopdf", "-q", "-s", "A4", path + ".html", path], check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.remove(path + ".html")


def tracking_page(path):
    courier = R.choice(["royalmail", "evri"])
    c = code(courier)
    events = R.sample(["Delivered", "Out for delivery", "Arrived at delivery office", "In transit", "We've received your item", "Collected"], 4)
    rows = "".join(f"<tr><td>{R.randint(1, 28)} Nov 2026</td><td>{R.randint(7, 20):02d}:{R.randint(0, 59):02d}</td><td>{e}</td></tr>" for e in events)
    html = (f"<html><head><meta charset='utf-8'><style>body{{font-family:'DejaVu Sans';margin:30px}} td{{padding:4px 14px}} nav{{color:#555}}</style></head><body>"
            f"<nav>{'Royal Mail' if courier == 'royalmail' else 'evri'} &nbsp; Send &nbsp; Track &nbsp; Help</nav>"
            f"<h1>{R.choice(['Track your item', 'Track a parcel', 'Where is my parcel?'])}</h1><p>Reference <b>{c}</b></p>"
            f"<h2>{events[0]}</h2><p>Service: {'Tracked 48' if courier == 'royalmail' else 'Standard'}</p><table>{rows}</table>"
            f"<p style='font-size:11px'>© 2026 All rights reserved · Cookies · Privacy</p></body></html>")
    html_pdf(path, html)
    return [], [courier]


def dispatch_mail(path):
    courier = R.choice(["royalmail", "evri"])
    c = code(courier)
    name = person()
    town, pc = place()
    store = R.choice(STORES)
    items = "".join(f"<tr><td>{R.choice(GOODS)[0]}</td><td>x{R.randint(1, 3)}</td><td>£{R.randint(4, 60)}.{R.choice(['00', '50', '99'])}</td></tr>" for _ in range(R.randint(1, 3)))
    html = (f"<html><head><meta charset='utf-8'><style>body{{font-family:'Liberation Serif';margin:40px}}</style></head><body>"
            f"<p style='font-size:12px'>From: {store} &lt;hello@{store.split()[0].lower()}.example&gt;<br>Subject: Your order has been dispatched<br>Date: {R.randint(1, 28)} November 2026</p><hr>"
            f"<h2>{store}</h2><p>Dear {name.split()[-2] if len(name.split()) > 2 else name.split()[0]},</p><p>Your order #{R.randint(1000, 99999)} is on its way with {'Royal Mail' if courier == 'royalmail' else 'Evri'}.</p>"
            f"<p>Tracking number: <b>{spaced(c)}</b></p><p><b>Delivery address</b><br>{name}<br>{R.randint(1, 99)} {R.choice(ROADS)}<br>{town}<br>{pc}</p>"
            f"<table>{items}</table><p>Subtotal, delivery and total in your account. Thank you for shopping with us.</p></body></html>")
    html_pdf(path, html)
    return [], [courier]


def label_with_cn22(path):
    """The control: a plain international label (from a tool of this program's own) with a CN22 beside it on A4."""
    c = s10(("VB", "YS", "JR"))
    name = person()
    town, pc = place()
    sender = R.choice(STORES)
    s = Sheet(path, A4)
    s.box(20, 20, 288, 432)
    s.text(30, 44, "Royal Mail", 14, bold=True)
    s.text(30, 60, "Tracked 48", 10, bold=True)
    s.text(30, 72, "Postage Paid GB", 8)
    lines = [name, f"{R.randint(1, 140)} {R.choice(ROADS)}", town, pc]
    for i, l in enumerate(lines):
        s.text(36, 120 + i * 14, l, 12, bold=i == 0)
    s.barcode("Code128", c, 40, 200, 240, 56, barWidth=1, humanReadable=False)
    s.text(110, 272, spaced(c), 10)
    s.text(30, 300, "If undelivered please return to:", 7)
    rtown, rpc = place()
    s.text(30, 310, f"{sender}, {R.randint(1, 40)} {R.choice(ROADS)}, {rtown} {rpc}", 7)
    cn22(s, 320, 20, 250, c if R.random() < 0.5 else None)
    s.save()
    return [{"courier": "royalmail", "trackingCode": c, "recipientName": name, "recipientPostcode": pc, "senderName": sender, "service": "Tracked 48"}], ["label + CN22 on A4"]


KINDS = {"customs-form": customs, "manifest": manifest, "return-qr": qr_return, "tracking-page": tracking_page,
         "order-mail": dispatch_mail, "label-customs": label_with_cn22}
WEIGHTS = {"customs-form": 3, "manifest": 3, "return-qr": 2, "tracking-page": 2, "order-mail": 2, "label-customs": 2}


def main():
    files = []
    kinds = list(KINDS)
    for index in range(1, COUNT + 1):
        kind = R.choices(kinds, weights=[WEIGHTS[k] for k in kinds])[0]
        base = os.path.join(OUT, f"{index:04d}-{kind}")
        src = base + "-src.pdf"
        labels, notes = KINDS[kind](src)
        web = kind in ("tracking-page", "order-mail")
        if not web and R.random() < 0.3:  # re-distilled, as 'Print to PDF' does
            name = base + "-gs.pdf"
            subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", f"-sOutputFile={name}", src], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.remove(src)
            toolchain = "ghostscript"
        else:
            name = base + ".pdf"
            os.rename(src, name)
            toolchain = "wkhtmltopdf" if web else "reportlab"
        files.append({"index": index, "name": os.path.basename(name), "family": kind, "toolchain": toolchain, "medium": "text-pdf",
                      "image": None, "labels": labels, "notes": notes})
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump({"seed": str(SEED), "files": files}, f, indent=1, ensure_ascii=False)
    print(f"outside documents: SEED={SEED}, {len(files)} files ({sum(1 for f in files if not f['labels'])} not labels) in {OUT}")


main()
