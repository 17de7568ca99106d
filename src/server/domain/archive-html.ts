/**
 * The open archive's offline museum (issue 15): index.html, one self-contained page (inline CSS and script, system
 * fonts, no network) that reads the works from data.js, loaded with <script src> because a page opened from disk
 * (file://) cannot fetch JSON. Pictures are <img> with paths relative to the archive's folder. The page's texts
 * come translated from the server's catalog, in the requester's language; the data never goes through innerHTML.
 * Also README.txt.
 */
import type { Language } from '@contract/limits';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from '@contract/archive';
import type { Translate } from '../i18n';
import { ARCHIVE_TEXT as A } from './archive-messages';

/** The global data.js assigns (a plain script: it must run from file:// in any browser). */
export const DATA_GLOBAL = 'LITTLE_MUSEUM';

/** JSON that is safe inside an HTML <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, ' ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export interface PageInfo {
  lang: Language;
  title: string;
  /** YYYY-MM-DD, shown as saved on. */
  date: string;
}

/** The page's labels; {placeholders} are filled by the page's script. */
function labels(t: Translate) {
  const keep = (name: string) => `{${name}}`;
  return {
    everyone: t(A.everyone),
    works: (n: number) => t(A.worksCount, { count: n }),
    age: t(A.age, { age: keep('age') }),
    ageUnknown: t(A.ageUnknown),
    noWorks: t(A.noWorks),
    public: t(A.public),
    private: t(A.private),
    likes: (n: number) => t(A.likes, { count: n }),
    category: t(A.category),
    tags: t(A.tags),
    contests: t(A.contests),
    winner: t(A.winner),
    close: t(A.close),
    previous: t(A.previous),
    next: t(A.next),
    picture: t(A.picture, { n: keep('n'), count: keep('count'), title: keep('title') }),
    missingData: t(A.missingData),
  };
}

export function indexHtml(t: Translate, page: PageInfo): string {
  const l = labels(t);
  // Plural forms are chosen here for the counts the page can show (0 to 1 suffice for the rule; "other" for the rest).
  const text = {
    ...l,
    works: { one: l.works(1), other: l.works(2).replace('2', '{n}'), zero: l.works(0) },
    likes: { one: l.likes(1), other: l.likes(2).replace('2', '{n}') },
  };
  const title = escapeHtml(page.title);
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${ARCHIVE_FORMAT} ${ARCHIVE_VERSION}">
<title>${title}</title>
<style>${CSS}</style>
</head>
<body>
<header class="top">
  <p class="kicker">${escapeHtml(t(A.siteName))}</p>
  <h1>${title}</h1>
  <p class="saved">${escapeHtml(t(A.exportedOn, { date: page.date }))}</p>
  <nav class="tabs" id="tabs" aria-label="${escapeHtml(t(A.siteName))}"></nav>
</header>
<main id="wall"><noscript><p class="note">${escapeHtml(t(A.noScript))}</p></noscript></main>
<div class="viewer" id="viewer" role="dialog" aria-modal="true" aria-labelledby="viewer-title" hidden>
  <div class="viewer-box">
    <button type="button" class="round close" id="close" aria-label="${escapeHtml(l.close)}">&times;</button>
    <div class="pictures" id="pictures"></div>
    <div class="about">
      <h2 id="viewer-title"></h2>
      <p class="meta" id="viewer-meta"></p>
      <p class="meta" id="viewer-status"></p>
      <p class="description" id="viewer-description"></p>
      <dl id="viewer-facts"></dl>
      <div class="steps">
        <button type="button" class="round" id="prev" aria-label="${escapeHtml(l.previous)}">&#8249;</button>
        <button type="button" class="round" id="next" aria-label="${escapeHtml(l.next)}">&#8250;</button>
      </div>
    </div>
  </div>
</div>
<script type="application/json" id="labels">${scriptJson(text)}</script>
<script src="data.js"></script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

export function readmeText(t: Translate, name: string, date: string): string {
  const body = t(A.readme, { name, date });
  // The format, in English whatever the family's language, for whoever reads the files in twenty years.
  const format = [
    '',
    '----',
    `Format: ${ARCHIVE_FORMAT}, version ${ARCHIVE_VERSION}.`,
    'Open standards only: ZIP (stored, no compression), UTF-8 JSON, HTML, JavaScript, WebP images.',
    'manifest.json lists the children; each children/<name>/child.json holds the profile and the works, with the',
    "paths of each work's pictures (file: the picture, thumb: a small copy), relative to this folder.",
    "Dates are ISO 8601 in UTC. ages are whole years at the work's date. likes_count is the number of likes",
    'the work had; contest_entries lists the contests it was entered in. Passwords and login tokens are never included.',
    '',
  ].join('\n');
  return `${body}\n${format}`.replace(/\n/g, '\r\n');
}

const CSS = `
:root{--wall:#fbf6ee;--wall-deep:#f3e9da;--paper:#fffdf9;--ink:#2a211c;--ink-soft:#5c4d44;--line:#e6d8c5;
--accent:#b04e26;--accent-soft:#f6e1d4;--sage:#5f7a52;--sage-soft:#e3ecdc;--frame:#8a6a4f;--gold:#c9a46a;--focus:#1f5fbf}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--wall);color:var(--ink);line-height:1.55;
font-family:"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Yu Gothic",Meiryo,system-ui,sans-serif}
.top{padding:28px 16px 8px;text-align:center;background:linear-gradient(var(--wall-deep),var(--wall))}
.kicker{margin:0;color:var(--accent);font-weight:700;letter-spacing:.12em;font-size:.8rem;text-transform:uppercase}
h1{margin:.2em 0;font-size:clamp(1.5rem,5vw,2.4rem);line-height:1.25;text-wrap:balance;word-break:auto-phrase}
.saved{margin:0 0 16px;color:var(--ink-soft);font-size:.9rem}
.tabs{display:flex;gap:8px;overflow-x:auto;justify-content:safe center;padding:4px 2px 12px;scrollbar-width:thin}
.tab{flex:none;display:flex;align-items:center;gap:8px;min-height:44px;padding:6px 16px 6px 6px;border-radius:999px;
border:1px solid var(--line);background:var(--paper);color:var(--ink);font:inherit;font-weight:600;cursor:pointer}
.tab.plain{padding-left:16px}
.tab[aria-pressed=true]{background:var(--accent);border-color:var(--accent);color:#fff}
.tab img{width:32px;height:32px;border-radius:50%;object-fit:cover;background:var(--wall-deep)}
main{max-width:1200px;margin:0 auto;padding:8px 16px 48px}
.child{margin:24px 0 8px;display:flex;align-items:center;gap:12px}
.child img{width:56px;height:56px;border-radius:50%;object-fit:cover;border:3px solid var(--gold);background:var(--wall-deep)}
.initials{display:inline-flex;flex:none;align-items:center;justify-content:center;border-radius:50%;background:var(--wall-deep);font-weight:700;text-transform:uppercase}
.child .initials{border:3px solid var(--gold)}
.child h2{margin:0;font-size:1.4rem}
.child p{margin:0;color:var(--ink-soft);font-size:.9rem}
.age{margin:20px 0 10px;font-size:1.1rem;color:var(--ink-soft);display:flex;align-items:baseline;gap:10px}
.age b{color:var(--ink);font-size:1.25rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:18px}
@media (min-width:700px){.grid{grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:26px}}
.work{margin:0}
.work button{display:block;width:100%;padding:0;border:0;background:none;text-align:left;font:inherit;color:inherit;cursor:pointer}
.frame{display:block;padding:8px;background:var(--paper);border:6px solid var(--frame);border-radius:4px;
box-shadow:0 6px 14px rgba(60,40,20,.18),inset 0 0 0 2px var(--gold)}
.frame img{display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:contain;background:#fff}
.label{display:block;margin-top:8px;padding:0 2px}
.label strong{display:block;font-size:.95rem;overflow-wrap:anywhere}
.label small{display:flex;flex-wrap:wrap;align-items:center;gap:4px 6px;color:var(--ink-soft);font-size:.8rem}
.badge{display:inline-block;padding:0 8px;border-radius:999px;font-size:.72rem;background:var(--sage-soft);color:var(--sage)}
.badge.private{background:var(--accent-soft);color:var(--accent)}
.note{padding:24px;text-align:center;color:var(--ink-soft)}
.viewer{position:fixed;inset:0;z-index:10;background:rgba(42,33,28,.82);display:flex;align-items:center;justify-content:center;padding:12px}
.viewer[hidden]{display:none}
.viewer-box{position:relative;background:var(--paper);border-radius:16px;max-width:1100px;width:100%;max-height:100%;overflow:auto;
display:grid;grid-template-columns:1fr;gap:0}
@media (min-width:860px){.viewer-box{grid-template-columns:minmax(0,2fr) minmax(260px,1fr)}}
.pictures{background:#fff;display:grid;gap:8px;padding:12px}
.pictures img{display:block;width:100%;height:auto;max-height:80vh;object-fit:contain}
.about{padding:20px}
.about h2{margin:0 40px 4px 0;font-size:1.3rem;overflow-wrap:anywhere}
.meta{margin:0 0 12px;color:var(--ink-soft);font-size:.9rem}
.description{white-space:pre-wrap;overflow-wrap:anywhere}
dl{margin:12px 0;font-size:.9rem}
dt{font-weight:700;margin-top:8px}
dd{margin:0;color:var(--ink-soft)}
.round{min-width:44px;min-height:44px;border-radius:50%;border:1px solid var(--line);background:var(--paper);font-size:1.5rem;line-height:1;cursor:pointer;color:var(--ink)}
.close{position:absolute;top:8px;right:8px;z-index:1}
.steps{display:flex;gap:12px;justify-content:flex-end}
button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
@media (prefers-reduced-motion:no-preference){.frame{transition:transform .15s}.work button:hover .frame{transform:translateY(-3px)}}
`;

/** The page's script: builds the wall from window.LITTLE_MUSEUM with DOM calls only (textContent, attributes). */
const SCRIPT = `
(function () {
  'use strict';
  var L = JSON.parse(document.getElementById('labels').textContent);
  var data = window.${DATA_GLOBAL};
  var wall = document.getElementById('wall');
  var tabs = document.getElementById('tabs');
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
  function fill(s, v) { return s.replace(/\\{(\\w+)\\}/g, function (m, k) { return v[k] != null ? String(v[k]) : m; }); }
  function count(forms, n) { return fill(n === 1 ? forms.one : (n === 0 && forms.zero ? forms.zero : forms.other), { n: n }); }
  if (!data || !data.children) { wall.appendChild(el('p', 'note', L.missingData)); return; }
  var order = [];
  var current = -1;
  function ageLabel(a) { return a == null ? L.ageUnknown : fill(L.age, { age: a }); }
  function open(i) {
    current = i;
    var item = order[i], w = item.work;
    var box = document.getElementById('pictures');
    box.textContent = '';
    w.images.forEach(function (img, n) {
      var p = el('img');
      p.src = img.file; p.width = img.width; p.height = img.height; p.decoding = 'async';
      p.alt = fill(L.picture, { n: n + 1, count: w.images.length, title: w.title });
      box.appendChild(p);
    });
    document.getElementById('viewer-title').textContent = w.title;
    document.getElementById('viewer-meta').textContent = [item.child.first_name || item.child.username, w.date, ageLabel(w.age_at_creation)].join(' · ');
    var status = document.getElementById('viewer-status');
    status.textContent = '';
    status.appendChild(el('span', 'badge' + (w.is_public ? '' : ' private'), w.is_public ? L.public : L.private));
    status.appendChild(el('span', null, ' ' + count(L.likes, w.likes_count)));
    document.getElementById('viewer-description').textContent = w.description || '';
    var dl = document.getElementById('viewer-facts');
    dl.textContent = '';
    function fact(term, value) { if (!value) return; dl.appendChild(el('dt', null, term)); dl.appendChild(el('dd', null, value)); }
    fact(L.category, w.category);
    fact(L.tags, w.tags.join(', '));
    fact(L.contests, w.contests.map(function (c) { return c.winner ? c.name + ' (' + L.winner + ')' : c.name; }).join(', '));
    var v = document.getElementById('viewer');
    v.hidden = false;
    document.getElementById('close').focus();
  }
  function close() {
    document.getElementById('viewer').hidden = true;
    var back = order[current] && order[current].button;
    if (back) back.focus();
  }
  function step(d) { if (order.length) open((current + d + order.length) % order.length); }
  document.getElementById('close').onclick = close;
  document.getElementById('prev').onclick = function () { step(-1); };
  document.getElementById('next').onclick = function () { step(1); };
  document.getElementById('viewer').addEventListener('click', function (e) { if (e.target === this) close(); });
  document.addEventListener('keydown', function (e) {
    if (document.getElementById('viewer').hidden) return;
    if (e.key === 'Escape') close(); else if (e.key === 'ArrowLeft') step(-1); else if (e.key === 'ArrowRight') step(1);
  });
  // The picture, or the first two letters of the username in a circle, as the app shows a profile without one.
  function avatar(c, size) {
    if (c.picture) { var i = el('img'); i.alt = ''; i.width = size; i.height = size; i.src = c.picture; return i; }
    var s = el('span', 'initials', Array.from(c.username).slice(0, 2).join(''));
    s.setAttribute('aria-hidden', 'true'); s.style.width = s.style.height = size + 'px'; s.style.fontSize = Math.round(size * 0.4) + 'px';
    return s;
  }
  function render(which) {
    wall.textContent = '';
    order = [];
    data.children.forEach(function (c, ci) {
      if (which !== -1 && which !== ci) return;
      var head = el('section', 'child');
      var img = avatar(c, 56);
      var names = el('div');
      names.appendChild(el('h2', null, c.first_name || c.username));
      names.appendChild(el('p', null, count(L.works, c.works.length)));
      head.appendChild(img); head.appendChild(names);
      wall.appendChild(head);
      if (!c.works.length) { wall.appendChild(el('p', 'note', L.noWorks)); return; }
      var lastAge, grid;
      c.works.forEach(function (w) {
        if (grid === undefined || w.age_at_creation !== lastAge) {
          lastAge = w.age_at_creation;
          var n = c.works.filter(function (x) { return x.age_at_creation === lastAge; }).length;
          var h = el('h3', 'age'); h.appendChild(el('b', null, ageLabel(lastAge))); h.appendChild(el('span', null, count(L.works, n)));
          wall.appendChild(h);
          grid = el('div', 'grid'); wall.appendChild(grid);
        }
        var card = el('article', 'work'); card.setAttribute('data-work-id', String(w.id));
        var b = el('button'); b.type = 'button';
        var frame = el('span', 'frame');
        var first = w.images[0];
        if (first) { var t = el('img'); t.src = first.thumb; t.alt = w.title; t.loading = 'lazy'; t.decoding = 'async'; t.width = 240; t.height = 240; frame.appendChild(t); }
        var label = el('span', 'label');
        label.appendChild(el('strong', null, w.title));
        var small = el('small', null, w.date);
        small.appendChild(el('span', 'badge' + (w.is_public ? '' : ' private'), w.is_public ? L.public : L.private));
        label.appendChild(small);
        b.appendChild(frame); b.appendChild(label);
        var i = order.length;
        order.push({ work: w, child: c, button: b });
        b.onclick = function () { open(i); };
        card.appendChild(b); grid.appendChild(card);
      });
    });
  }
  function tab(text, which, child) {
    var b = el('button', 'tab' + (child ? '' : ' plain'));
    b.type = 'button';
    if (child) b.appendChild(avatar(child, 32));
    b.appendChild(el('span', null, text));
    b.onclick = function () {
      Array.prototype.forEach.call(tabs.children, function (x) { x.setAttribute('aria-pressed', 'false'); });
      b.setAttribute('aria-pressed', 'true');
      render(which);
    };
    b.setAttribute('aria-pressed', which === -1 ? 'true' : 'false');
    tabs.appendChild(b);
  }
  if (data.children.length > 1) {
    tab(L.everyone, -1, null);
    data.children.forEach(function (c, ci) { tab(c.first_name || c.username, ci, c); });
  }
  render(-1);
})();
`;
