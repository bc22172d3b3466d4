/** The API reference page's stylesheet (inline: the page loads nothing else), in the product's colours; fits a phone. */
export const REFERENCE_STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:0;color:#1c1917;background:#fafaf9;line-height:1.5}
header{background:#fff;border-bottom:1px solid #e7e5e4;padding:16px 24px}main{max-width:980px;margin:0 auto;padding:24px}
h1{margin:0;font-size:1.5rem}h2{margin-top:2rem;border-bottom:2px solid #b45309;padding-bottom:4px}
h2.divider{margin-top:3rem;border-bottom-color:#57534e;color:#44403c}
.start{background:#fff;border:1px solid #e7e5e4;border-left:4px solid #b45309;border-radius:10px;padding:4px 18px 12px;margin-top:8px}.start h2{border:0;margin-top:12px}
.start ol{padding-left:1.3rem}.start li{margin:6px 0}
.op{background:#fff;border:1px solid #e7e5e4;border-radius:10px;padding:12px 16px;margin:12px 0}.op h3{font-size:1rem;margin:0 0 6px;display:flex;gap:8px;flex-wrap:wrap;align-items:center}
.op p{margin:6px 0}.summary{font-weight:500}
.m{font-size:.75rem;font-weight:700;padding:2px 8px;border-radius:6px;color:#fff;background:#57534e}.m.get{background:#1d4ed8}.m.post{background:#15803d}.m.put{background:#92400e}.m.patch{background:#7c2d12}.m.delete{background:#b91c1c}
.pill{font-size:.72rem;border:1px solid #a8a29e;border-radius:999px;padding:1px 8px;color:#44403c}.pill.key{border-color:#b45309;color:#92400e}.pill.admin{border-color:#b91c1c;color:#7f1d1d}.pill.open{border-color:#15803d;color:#14532d}
pre{background:#1c1917;color:#fafaf9;padding:10px;border-radius:8px;overflow:auto;font-size:.8rem;max-width:100%;margin:4px 0}
pre.code{max-height:22rem}pre.schema{max-height:26rem}
.examples{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,380px),1fr));gap:10px;margin-top:6px}.example{min-width:0}
table{border-collapse:collapse;width:100%;font-size:.85rem}td,th{border-bottom:1px solid #e7e5e4;padding:4px 6px;text-align:left;vertical-align:top}
.table-wrap{overflow-x:auto}td code{overflow-wrap:anywhere}.op h3 code{overflow-wrap:anywhere;min-width:0}header p,.op p,.intro p{overflow-wrap:anywhere}
.errors{font-size:.85rem}.err{display:inline-block;margin:0 10px 2px 0;color:#57534e}.err b{color:#1c1917}
details{margin-top:6px}summary{cursor:pointer;color:#92400e;font-weight:600}
summary:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
nav{display:flex;gap:6px 12px;flex-wrap:wrap;margin-top:8px;align-items:baseline}nav a{color:#92400e}nav .sep{color:#57534e;font-size:.85rem;margin-left:8px}
.label{font-weight:600;margin:8px 0 2px}.muted{color:#57534e}code{font-family:ui-monospace,Menlo,Consolas,monospace}p code,li code{background:#f5f5f4;border-radius:4px;padding:0 3px}
@media (max-width:600px){header{padding:12px 16px}main{padding:12px}.op{padding:10px 12px}}
`;
