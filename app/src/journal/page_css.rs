//! The recap pages' own styling, added to the journal's: tables that become one card per row
//! on a phone (each cell says its column, `data-label`), charts that shrink to the width they
//! are given, a dark theme, and a print stylesheet: one fight a page, the folded journal left
//! out unless opened, the charts in black and white (harm taken hollow, dealt solid, the
//! party's health lines dashed apart).

/// The recap's styling, added to the page's.
pub(crate) const CSS: &str = "\
body{max-width:60rem;overflow-wrap:anywhere}\
.recap table{border-collapse:collapse;width:100%;font-size:.9rem;margin:.5rem 0 1rem}\
.recap th,.recap td{padding:.25rem .4rem;border-bottom:1px solid #d1d9e0;text-align:left;\
vertical-align:top}\
.recap th{font-size:.8rem}\
.recap td.n,.recap th.n{text-align:right;font-variant-numeric:tabular-nums}\
.recap .key{font-size:.85rem;color:#59636e}\
.dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;margin-right:.35em}\
.scroll{overflow-x:auto}\
.recap figure{margin:.5rem 0 1.2rem}\
.recap figcaption{font-size:.9rem;color:#59636e;margin-top:.2rem}\
.recap .dice{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.8rem}\
.recap .dice svg.chart{max-width:22rem}\
.recap .dice figure{margin:0}\
.recap svg.chart{max-width:40rem;height:auto;display:block}\
.recap .headline p{margin:.2rem 0}\
.story p{margin:.3rem 0}\
details{margin:.6rem 0}\
details>summary{cursor:pointer;font-weight:600;padding:.3rem 0}\
details.journal{border-top:1px solid #d1d9e0;margin-top:1rem}\
@media (max-width:40rem){\
body{margin:1rem auto}\
.recap table.cards,.cards tbody,.cards tr,.cards td{display:block;width:auto}\
.cards thead{display:none}\
.cards tr{border:1px solid #d1d9e0;border-radius:6px;margin:.5rem 0;padding:.3rem .6rem}\
.recap .cards td,.recap .cards td.n{display:flex;justify-content:space-between;gap:1rem;\
border:0;padding:.1rem 0;white-space:normal;text-align:right}\
.cards td::before{content:attr(data-label);font-weight:600;text-align:left;color:#59636e}\
.recap .cards td.who{display:block;white-space:normal;text-align:left;font-weight:600}\
.cards td.who::before{content:none}}\
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}\
li:nth-child(even){background:#161b22}code{background:#262c36}\
header p,.recap figcaption,.cards td::before{color:#9198a1}\
.recap th,.recap td,h2,.cards tr,details.journal{border-color:#3d444d}}\
@media print{body{background:#fff;color:#000;max-width:none;margin:0}\
article.fight{break-before:page}\
.recap figure,.cards tr,.story p{break-inside:avoid}.scroll{overflow:visible}\
details.journal:not([open]){display:none}\
.chart .dealt{fill:#444}.chart .taken{fill:#fff;stroke:#000;stroke-width:1}\
.chart .line{stroke:#000}.chart .l1{stroke-dasharray:7 3}.chart .l2{stroke-dasharray:2 3}\
.chart .l3{stroke-dasharray:9 3 2 3}\
header p,.recap figcaption,.recap .key,.cards td::before{color:#000}}";
