// Orrery web console: plain JavaScript, no build step. Talks to /orrery/api/* (see the README).
'use strict';
const api = '/orrery/api';
let token = null;

// The steering token: fetched once, and again when a steering request is refused (403), since a token
// is valid for a bounded time and not across a restart of the host.
async function getToken(fresh) {
  if (!token || fresh) {
    const r = await fetch(api + '/token', {cache: 'no-store'});
    token = r.ok ? (await r.json()).token : null;
  }
  return token;
}

async function post(path, params) {
  const q = new URLSearchParams(params || {}).toString();
  const send = async fresh => fetch(api + path + (q ? '?' + q : ''),
    {method: 'POST', headers: {'X-Orrery-Token': (await getToken(fresh)) || ''}});
  let r = await send(false);
  if (r.status === 403) r = await send(true); // once, with a new token
  const body = await r.json();
  const m = document.getElementById('message');
  if (m) { m.textContent = body.message; m.dataset.ok = body.ok; }
  return body;
}

async function getJson(path) {
  const r = await fetch(api + path, {cache: 'no-store'});
  return r.json();
}

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function fmt(x) { return (Math.round(x * 10) / 10).toFixed(1); }

// The status line: the run state from the host's events (or a fetch after a click), the frame count
// from the timings or frames events.
let runState = '', frameCount = 0, parkedOn = null;
function showStatus(state, frames, parked) {
  if (state !== undefined) runState = state;
  if (frames !== undefined) frameCount = frames;
  if (parked !== undefined) parkedOn = parked;
  const s = document.getElementById('status');
  const on = runState === 'PARKED' && parkedOn ? " on '" + parkedOn.label + "' (" + (parkedOn.system || 'a system') + ')' : '';
  if (s) { s.textContent = runState + on + ' · frame ' + frameCount; s.dataset.state = runState; }
}

// What /api/plugins says (also each `host` event of the stream): status, plugins, rebuilds.
let lastRebuild = null;
function onHost(p) {
  showStatus(p.status.state, p.status.frames, p.status.parked || null);
  const page = document.body.dataset.page;
  // the world's counters answer while the world update is parked too (as the frame left them at the wait)
  if (page === 'plugins') {
    showPlugins(p);
    getJson('/commits').then(showCommits);
    getJson('/messages').then(showMessages);
    readClocks();
  }
  const newest = p.rebuilds.length ? p.rebuilds[0].sequence : 0;
  // a plugin came, went or was updated: draw the schedule again (observers come and go without a rebuild;
  // a host that rebuilds for them says hooksChanged, and such a rebuild changes nothing drawn)
  const redraw = lastRebuild !== null && p.rebuilds.some(r => r.sequence > lastRebuild && !(r.hooksChanged
    && r.joined.length === 0 && r.left.length === 0 && r.replaced.length === 0));
  if (page === 'schedule' && redraw) loadSchedule();
  lastRebuild = newest;
}

// What /api/commits says: the world's structural transactions and the declared barriers.
function showCommits(c) {
  const p = document.getElementById('commits');
  if (!p) return;
  p.textContent = c.publishes + ' publishes (' + c.discards + ' discarded by a fault), ' + c.opsStaged + ' ops staged: '
    + c.opsApplied + ' applied (' + c.opsCoalesced + ' coalesced), ' + c.opsSkippedDead + ' skipped as dead, '
    + c.opsDiscarded + ' discarded; ' + c.archetypeMoves + ' table moves, ' + c.entitiesInserted + ' spawns inserted, '
    + c.entitiesRemoved + ' entities removed; ' + (c.publishMicros / 1000).toFixed(3) + ' ms publishing';
  const tb = document.querySelector('#barriers tbody');
  tb.replaceChildren();
  for (const b of c.barriers) {
    const tr = el('tr', {'data-system': b.system});
    tr.appendChild(el('td', {}, b.schedule));
    tr.appendChild(el('td', {}, b.system));
    tr.appendChild(el('td', {}, b.before && b.after ? 'before and after its turn' : b.before ? 'before its turn' : 'after its turn'));
    tb.appendChild(tr);
  }
}

// What /api/messages says: per message type its counters and, per reader, what it read and missed.
function showMessages(m) {
  const tb = document.querySelector('#messages tbody');
  if (!tb) return;
  tb.replaceChildren();
  for (const t of m.types) {
    const tr = el('tr', {'data-type': t.type});
    for (const v of [t.type, t.maxAgeFrames, t.sent, t.held, t.dropped, t.expired]) tr.appendChild(el('td', {}, String(v)));
    tr.appendChild(el('td', {}, t.readers.length ? t.readers.map(r => r.schedule + '/' + r.system + ': ' + r.read + ' / ' + r.missed).join(', ') : '(no reader)'));
    tb.appendChild(tr);
  }
}

// What /api/clocks says: virtual time and each fixed-step clock (rate, tick, steps, alpha, what was dropped).
// Read on the frame thread: not while the world update is parked (the last figures stay).
function readClocks() {
  if (runState !== 'PARKED') getJson('/clocks').then(showClocks);
}
function showClocks(c) {
  const p = document.getElementById('virtual-time');
  if (!p) return;
  p.textContent = 'virtual time ' + (c.paused ? 'paused' : 'running') + ', scale ' + c.scale;
  const tb = document.querySelector('#clocks tbody');
  tb.replaceChildren();
  for (const k of c.clocks) {
    const tr = el('tr', {'data-clock': k.name});
    for (const v of [k.name, fmt(k.hz), k.tick, k.stepsLastFrame + ' (' + k.maxStepsPerFrame + ')', k.alpha.toFixed(3),
      k.droppedSteps, k.timeDebtMillis.toFixed(1)]) tr.appendChild(el('td', {}, String(v)));
    tb.appendChild(tr);
  }
}

async function fetchStatus() {
  onHost(await getJson('/plugins'));
}

function wireSteering() {
  for (const id of ['pause', 'resume', 'resume-fault']) {
    const b = document.getElementById(id);
    if (b) b.addEventListener('click', async () => { await post('/' + b.dataset.action); refresh(); });
  }
  const step = document.getElementById('step');
  if (step) step.addEventListener('click', async () => {
    await post('/step', {frames: document.getElementById('frames').value}); refresh();
  });
  // Save and load: a file name in the host's save directory (POST /api/save|load?file=NAME)
  for (const id of ['save', 'load']) {
    const b = document.getElementById(id);
    if (b) b.addEventListener('click', async () => {
      await post('/' + id, {file: document.getElementById('save-file').value}); refresh();
    });
  }
}

// ---- schedule page ----
let current = null;
async function loadSchedule() {
  const all = (await getJson('/schedules')).schedules;
  const sel = document.getElementById('schedule');
  if (!sel.options.length) {
    for (const s of all) sel.appendChild(el('option', {value: s.name}, s.name + (s.main ? ' (main)' : '')));
    sel.addEventListener('change', () => { current = sel.value; refresh(); listen(); });
    document.getElementById('empty-lanes').addEventListener('change', () => loadSchedule());
  }
  current = current || (all.length ? all[0].name : null);
  sel.value = current;
  const s = all.find(x => x.name === current);
  if (!s) return;
  // builtin phases without systems are left out of the picture unless the page asks for them
  const empty = document.getElementById('empty-lanes').checked ? '&empty=true' : '';
  const svg = await (await fetch('/orrery/graph.svg?schedule=' + encodeURIComponent(current) + empty, {cache: 'no-store'})).text();
  document.getElementById('picture').innerHTML = svg;
  const tb = document.querySelector('#systems tbody');
  tb.replaceChildren();
  for (const sys of s.systems) {
    const tr = el('tr', {'data-system': sys.name, class: sys.enabled ? '' : 'disabled'});
    tr.appendChild(el('td', {}, sys.name));
    tr.appendChild(el('td', {}, sys.phase));
    tr.appendChild(el('td', {class: 'num runs'}, '–'));
    tr.appendChild(el('td', {class: 'num skipped'}, '–'));
    const td = el('td');
    const b = el('button', {class: 'toggle', 'data-system': sys.name}, sys.enabled ? 'Disable' : 'Enable');
    b.addEventListener('click', async () => {
      await post('/system/' + (sys.enabled ? 'disable' : 'enable'), {schedule: current, system: sys.name});
      refresh();
    });
    td.appendChild(b); tr.appendChild(td); tb.appendChild(tr);
  }
  const pb = document.querySelector('#phases tbody');
  pb.replaceChildren();
  for (const ph of s.phases) {
    const tr = el('tr', {'data-phase': ph.name, class: ph.enabled ? '' : 'disabled'});
    tr.appendChild(el('td', {}, ph.name + (ph.detached ? ' (manual, detached)' : ph.manual ? ' (manual)' : '')));
    const td = el('td');
    const b = el('button', {class: 'toggle', 'data-phase': ph.name}, ph.enabled ? 'Disable' : 'Enable');
    b.addEventListener('click', async () => {
      await post('/phase/' + (ph.enabled ? 'disable' : 'enable'), {schedule: current, phase: ph.name});
      refresh();
    });
    td.appendChild(b); tr.appendChild(td); pb.appendChild(tr);
  }
  const ob = document.querySelector('#observers tbody');
  ob.replaceChildren();
  for (const o of s.observers) {
    const tr = el('tr', {'data-observer': o.name});
    for (const v of [o.name, o.plugin, o.triggers.join(' '), String(o.fired), o.writers.length ? o.writers.join(', ') : '–']) {
      tr.appendChild(el('td', {}, v));
    }
    ob.appendChild(tr);
  }
  // the stream sends timings only when frames ran: show the last ones in the new rows
  if (lastTimings) updateRuns(lastTimings);
}

// ---- the host's changes and live timings (server-sent events, no polling) ----
let source = null;
let lastTimings = null;
const history = new Map();
const rows = new Map();
function listen() {
  if (source) source.close();
  const page = document.body.dataset.page;
  // the plugins page needs no timings: its stream carries the host's changes and the frame count only
  const q = page === 'plugins' ? '?timings=false'
    : page === 'schedule' && current ? '?schedule=' + encodeURIComponent(current) : '';
  source = new EventSource(api + '/events' + q);
  source.addEventListener('host', e => onHost(JSON.parse(e.data)));
  source.addEventListener('frames', e => {
    showStatus(undefined, JSON.parse(e.data).frames);
    if (page === 'plugins') readClocks(); // the clocks move with the frames
  });
  source.addEventListener('timings', e => {
    const t = JSON.parse(e.data);
    lastTimings = t;
    showStatus(undefined, t.frames);
    if (page === 'schedule') updateRuns(t); else updateTimings(t);
  });
}

function updateRuns(t) {
  for (const s of t.systems) {
    const tr = document.querySelector('#systems tr[data-system="' + CSS.escape(s.system) + '"]');
    if (!tr) continue;
    tr.querySelector('.runs').textContent = s.runs;
    tr.querySelector('.skipped').textContent = s.skipped.disabled;
  }
}

function spark(values) {
  const w = 120, h = 20, max = Math.max(1, ...values);
  const pts = values.map((v, i) => (i * w / Math.max(1, values.length - 1)).toFixed(1) + ',' + (h - v / max * h).toFixed(1)).join(' ');
  return '<svg class="spark" width="' + w + '" height="' + h + '"><polyline points="' + pts + '"/></svg>';
}

function updateTimings(t) {
  document.getElementById('source').textContent = t.source;
  document.getElementById('frame').textContent = t.frames;
  const tb = document.querySelector('#timings tbody');
  for (const s of t.systems) {
    const key = s.schedule + ' ' + s.system;
    const h = history.get(key) || [];
    h.push(s.lastMicros); if (h.length > 40) h.shift();
    history.set(key, h);
    let tr = rows.get(key);
    if (!tr) {
      tr = el('tr', {'data-schedule': s.schedule, 'data-system': s.system});
      rows.set(key, tr);
      for (const c of ['schedule', 'system', 'phase']) tr.appendChild(el('td', {class: c}));
      for (const c of ['runs', 'last', 'mean', 'max', 'sdisabled', 'scondition', 'sphase']) tr.appendChild(el('td', {class: 'num ' + c}));
      tr.appendChild(el('td', {class: 'spark'}));
      tb.appendChild(tr);
    }
    tr.querySelector('.schedule').textContent = s.schedule;
    tr.querySelector('.system').textContent = s.system;
    tr.querySelector('.phase').textContent = s.phase;
    tr.querySelector('.runs').textContent = s.runs;
    tr.querySelector('.last').textContent = fmt(s.lastMicros);
    tr.querySelector('.mean').textContent = fmt(s.meanMicros);
    tr.querySelector('.max').textContent = fmt(s.maxMicros);
    tr.querySelector('.sdisabled').textContent = s.skipped.disabled;
    tr.querySelector('.scondition').textContent = s.skipped.condition;
    tr.querySelector('.sphase').textContent = s.skipped.phaseDisabled;
    tr.querySelector('td.spark').innerHTML = spark(h);
  }
}

// ---- plugins page ----
function showPlugins(p) {
  const f = document.getElementById('fault');
  // The host keeps its last fault after a resume: the box shows it while the simulation is paused.
  f.hidden = !(p.status.fault && p.status.state === 'PAUSED');
  if (p.status.fault) document.getElementById('fault-text').textContent = p.status.fault.text;
  const tb = document.querySelector('#plugins tbody');
  tb.replaceChildren();
  for (const x of p.plugins) {
    const tr = el('tr', {'data-plugin': x.name});
    for (const v of [x.name, x.schedule, x.state, x.reason || '', x.bundle]) tr.appendChild(el('td', {}, v));
    tb.appendChild(tr);
  }
  const rb = document.querySelector('#rebuilds tbody');
  rb.replaceChildren();
  for (const r of p.rebuilds) {
    const tr = el('tr');
    for (const v of [r.sequence, r.schedule, r.systems, r.joined.join(', '), r.left.join(', '), r.replaced.join(', '),
      r.excluded.map(e => e.name + ': ' + e.reason).join('; '), fmt(r.buildMicros), r.swappedIn]) tr.appendChild(el('td', {}, String(v)));
    rb.appendChild(tr);
  }
}

// after a click: what it changed, at once (the stream's next host event says the same)
async function refresh() {
  await fetchStatus();
  if (document.body.dataset.page === 'schedule') await loadSchedule();
}

document.addEventListener('DOMContentLoaded', async () => {
  wireSteering();
  await refresh();
  listen();
  document.body.dataset.ready = 'true';
});
