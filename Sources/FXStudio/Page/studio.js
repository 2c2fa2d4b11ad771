// SPDX-License-Identifier: MIT
// The studio page: draws frames, controls and the inspector from the studio's API (docs/STUDIO.md).
'use strict';

const $ = (id) => document.getElementById(id);
const token = document.querySelector('meta[name=fx-token]').content;
const state = {
  t: 0, end: 1, fps: 30, playing: false, zoom: 'fit', schema: null, view: null,
  frameBusy: false, frameWanted: null, frame: null, timings: [], layers: [], animations: [], selected: -1, reloads: 0,
};

function query(extra) {
  const q = new URLSearchParams(extra || {});
  return q.toString();
}

async function api(path, params, method) {
  const response = await fetch(path + '?' + query(params), {
    method: method || 'GET', headers: method === 'POST' ? { 'X-FX-Token': token } : {}, credentials: 'same-origin',
  });
  if (!response.ok) {
    let message = response.status + ' ' + response.statusText;
    try { message = (await response.json()).error || message; } catch (e) { /* not JSON */ }
    throw new Error(message);
  }
  return response;
}

function showError(message) {
  const errors = $('errors');
  const line = document.createElement('div');
  line.textContent = new Date().toLocaleTimeString() + ' ' + message;
  errors.prepend(line);
  while (errors.children.length > 20) errors.lastChild.remove();
  errors.dataset.count = String(Number(errors.dataset.count) + 1);
  errors.dataset.last = message;
}

function showWarnings(list) {
  const box = $('warnings');
  box.textContent = '';
  for (const w of list || []) {
    const line = document.createElement('div');
    line.textContent = 'warning: ' + w;
    box.append(line);
  }
}

// The schema: factories, parameters, stage, natural end, events, animations at t.
async function loadSchema() {
  const body = await (await api('/api/schema', { t: state.t })).json();
  state.schema = body.describe;
  state.view = body.view;
  state.end = body.describe.end;
  state.fps = body.describe.stage.fps;
  state.animations = body.describe.animations;
  showWarnings(body.warnings);
  buildControls();
  layoutTimeline();
  loadGolden();
  document.body.dataset.schemaLoads = String(Number(document.body.dataset.schemaLoads || 0) + 1);
}

function currentFactory() {
  const s = state.schema;
  return s.factories.find((f) => f.name === s.factory) || s.factories[0];
}

function parameterValue(p) {
  const given = state.view.parameters[p.name];
  return given !== undefined ? given : p.default;
}

function buildControls() {
  const s = state.schema;
  $('plugin').textContent = s.plugin.name + ' ' + s.plugin.version;
  $('size').textContent = s.stage.width + '×' + s.stage.height;
  const select = $('factory');
  select.textContent = '';
  for (const f of s.factories) {
    const option = document.createElement('option');
    option.value = option.textContent = f.name;
    option.selected = f.name === s.factory;
    select.append(option);
  }
  const form = $('params');
  form.textContent = '';
  for (const p of currentFactory().parameters) form.append(control(p));
  const events = $('events');
  events.textContent = '';
  for (const name of s.events) {
    const button = document.createElement('button');
    button.textContent = name;
    button.dataset.event = name;
    button.title = 'fire ' + name + ' at the current time';
    button.addEventListener('click', () => fire(name));
    events.append(button);
  }
  if (!s.events.length) events.textContent = '(this build registers none)';
  const clear = document.createElement('button');
  clear.textContent = 'clear fired';
  clear.addEventListener('click', () => postView({ events: [] }));
  $('fired').textContent = state.view.events.length ? 'fired: ' + state.view.events.map((e) => e.t + ':' + e.name).join(', ') + ' ' : '';
  if (state.view.events.length) $('fired').append(clear);
  applyZoom();
}

function control(p) {
  const label = document.createElement('label');
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = p.name + (p.help ? ' — ' + p.help : '');
  label.append(name);
  const value = parameterValue(p);
  const commit = (v) => setParameter(p.name, String(v));
  if (p.type === 'double' || p.type === 'int') {
    const range = document.createElement('input');
    const field = document.createElement('input');
    range.type = 'range';
    field.type = 'number';
    const step = p.type === 'int' ? 1 : 'any';
    field.step = step;
    range.step = p.type === 'int' ? 1 : (p.min !== null && p.max !== null ? (p.max - p.min) / 1000 : 0.01);
    if (p.min !== null) range.min = field.min = p.min;
    if (p.max !== null) range.max = field.max = p.max;
    if (p.min === null || p.max === null) {
      const v = Number(value) || 0;
      if (p.min === null) range.min = Math.min(0, v - 10 * Math.max(1, Math.abs(v)));
      if (p.max === null) range.max = v + 10 * Math.max(1, Math.abs(v));
    }
    range.value = field.value = value;
    range.dataset.param = field.dataset.param = p.name;
    range.addEventListener('input', () => { field.value = range.value; commit(range.value); });
    field.addEventListener('change', () => { range.value = field.value; commit(field.value); });
    label.append(range, ' ', field);
  } else if (p.type === 'bool') {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = value === 'true' || value === '1' || value === 'yes';
    box.dataset.param = p.name;
    box.addEventListener('change', () => commit(box.checked ? 'true' : 'false'));
    label.prepend(box);
  } else if (p.type === 'choice') {
    const select = document.createElement('select');
    for (const c of p.choices) {
      const option = document.createElement('option');
      option.value = option.textContent = c;
      option.selected = c === value;
      select.append(option);
    }
    select.dataset.param = p.name;
    select.addEventListener('change', () => commit(select.value));
    label.append(select);
  } else if (p.type === 'color') {
    const picker = document.createElement('input');
    const field = document.createElement('input');
    picker.type = 'color';
    field.type = 'text';
    field.value = value;
    if (/^#[0-9a-fA-F]{6}/.test(value)) picker.value = value.slice(0, 7);
    picker.dataset.param = field.dataset.param = p.name;
    picker.addEventListener('input', () => { field.value = picker.value; commit(picker.value); });
    field.addEventListener('change', () => commit(field.value));
    label.append(picker, ' ', field);
  } else {
    const field = document.createElement('input');
    field.type = 'text';
    field.value = value;
    field.dataset.param = p.name;
    if (p.type === 'file') field.title = 'the studio reads only the files given on its command line';
    field.addEventListener('change', () => commit(field.value));
    label.append(field);
  }
  return label;
}

// Changes go to the server first (POST, with the token), then the frame is drawn again at the same t.
let pending = Promise.resolve();
function postView(change) {
  const v = Object.assign({}, state.view, change);
  const params = new URLSearchParams();
  if (v.factory) params.append('factory', v.factory);
  for (const [name, value] of Object.entries(v.parameters)) params.append(name, value);
  for (const e of v.events) params.append('event', e.t + ':' + e.name);
  pending = pending.then(async () => {
    try {
      const response = await fetch('/api/view?' + params.toString(), { method: 'POST', headers: { 'X-FX-Token': token } });
      if (!response.ok) throw new Error((await response.json()).error);
      state.view = await response.json();
      await refresh(change.factory !== undefined || change.events !== undefined);
    } catch (e) {
      showError(e.message);
    }
  });
  return pending;
}

function setParameter(name, value) {
  const parameters = Object.assign({}, state.view.parameters);
  parameters[name] = value;
  return postView({ parameters });
}

async function fire(name) {
  try {
    const response = await api('/api/event', { t: state.t.toFixed(3), name }, 'POST');
    state.view = await response.json();
    await refresh(true);
  } catch (e) {
    showError(e.message);
  }
}

// The frame and the schema are asked for together: neither needs the other.
async function refresh(schemaToo) {
  requestFrame(state.t, true);
  if (schemaToo) {
    try { await loadSchema(); } catch (e) { showError(e.message); }
  }
  inspectSoon();
}

// A frame: the worker's pixels (straight RGBA), the same pixels as the PNG `fxhost … --time T
// --out f.png` writes, without its encoding. Asked for as a change (GET /api/frame.rgba with `tab`
// and `since`): the studio sends the rectangle where the new frame differs from the newest one this
// page has (the whole frame when it has none the studio still keeps), and the page puts it over a
// copy of that one. `started` is when it was asked for.
const sent = {
  tab: Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(''),
  // The frames this page has, by id, the newest last: a change asked for is against the newest,
  // and `playAhead` more may come before it.
  frames: new Map(), newest: 0,
};
const framesKept = 6;

async function fetchFrame(t, wholeAgain) {
  const started = performance.now();
  const since = wholeAgain ? 0 : sent.newest;
  const response = await api('/api/frame.rgba', { t: t.toFixed(3), tab: sent.tab, since: String(since) });
  const width = Number(response.headers.get('X-FX-Width'));
  const height = Number(response.headers.get('X-FX-Height'));
  const id = Number(response.headers.get('X-FX-Frame'));
  const [x, y, w, h] = (response.headers.get('X-FX-Box') || '').split(',').map(Number);
  const rows = new Uint8ClampedArray(await response.arrayBuffer());
  if (!(width > 0 && height > 0 && id > 0 && x >= 0 && y >= 0 && w >= 0 && h >= 0 && x + w <= width && y + h <= height && rows.length === w * h * 4)) {
    throw new Error('a frame change of ' + rows.length + ' bytes in ' + w + '×' + h + ' at (' + x + ', ' + y + ') is not part of ' + width + '×' + height + ' pixels');
  }
  const whole = x === 0 && y === 0 && w === width && h === height;
  let bytes = rows;
  if (!whole) {
    const base = sent.frames.get(since);
    // Forgotten here since it was asked for (many answers came between): the whole frame again.
    if (!base || base.width !== width || base.height !== height) return fetchFrame(t, true);
    bytes = base.bytes.slice();
    for (let row = 0; row < h; row += 1) bytes.set(rows.subarray(row * w * 4, (row + 1) * w * 4), ((y + row) * width + x) * 4);
  }
  sent.frames.set(id, { width, height, bytes });
  while (sent.frames.size > framesKept) sent.frames.delete(sent.frames.keys().next().value);
  sent.newest = Math.max(sent.newest, id);
  return {
    t, width, height, bytes, id, base: whole ? 0 : since, box: { x, y, w, h, rows }, started,
    warnings: JSON.parse(response.headers.get('X-FX-Warnings') || '[]'),
  };
}

// Draws a frame on the page's canvas (only its changed rectangle when the canvas shows the frame
// it changes), and notes how long it took from its request to the paint that shows it
// (state.timings, the last 2000: scripts/bench-studio.sh reads them).
function drawFrame(f) {
  const canvas = $('frame');
  const context = canvas.getContext('2d');
  if (canvas.width !== f.width || canvas.height !== f.height) {
    canvas.width = f.width;
    canvas.height = f.height;
    applyZoom();
    context.putImageData(new ImageData(f.bytes, f.width, f.height), 0, 0);
  } else if (f.base && canvas.dataset.frame === String(f.base)) {
    if (f.box.w && f.box.h) context.putImageData(new ImageData(f.box.rows, f.box.w, f.box.h), f.box.x, f.box.y);
  } else {
    context.putImageData(new ImageData(f.bytes, f.width, f.height), 0, 0);
  }
  state.frame = f;
  canvas.dataset.frame = String(f.id);
  canvas.dataset.t = f.t.toFixed(3);
  canvas.dataset.status = 'ok';
  canvas.dataset.loads = String(Number(canvas.dataset.loads) + 1);
  if (f.warnings.length) showWarnings(f.warnings);
  requestAnimationFrame(() => {
    state.timings.push(performance.now() - f.started);
    if (state.timings.length > 2000) state.timings.shift();
  });
}

// Scrubbing: one request at a time; the newest time wanted is drawn next.
function requestFrame(t, force) {
  state.frameWanted = { t, force };
  if (!state.frameBusy) nextFrame();
}

async function nextFrame() {
  const wanted = state.frameWanted;
  if (!wanted) return;
  state.frameWanted = null;
  state.frameBusy = true;
  try {
    drawFrame(await fetchFrame(wanted.t));
    await compareGolden();
  } catch (e) {
    $('frame').dataset.status = 'error';
    showError(e.message);
  }
  state.frameBusy = false;
  if (state.frameWanted) nextFrame();
}

// Golden snapshots (fxhost check --golden): the instants recorded for this plugin and factory; one
// chosen, the page goes to its time and outlines where its frame and the golden one differ.
const golden = { key: '', times: [], at: -1 };
const goldenTolerance = 2;

async function loadGolden() {
  const s = state.schema;
  const key = s.plugin.name + '/' + s.factory;
  if (key === golden.key) return;
  golden.key = key;
  golden.times = [];
  const select = $('goldenAt');
  select.length = 1;
  try {
    const text = await (await api('/api/golden/samples.jsonl', { plugin: s.plugin.name, factory: s.factory })).text();
    golden.times = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l).t);
    golden.times.forEach((t, n) => {
      const option = document.createElement('option');
      option.value = String(n);
      option.textContent = 't = ' + t.toFixed(3) + ' (frame ' + n + ')';
      select.append(option);
    });
    $('goldenResult').textContent = golden.times.length + ' instants in the snapshot ' + key;
  } catch (e) {
    $('goldenResult').textContent = e.message;
  }
}

function chooseGolden() {
  golden.at = $('goldenAt').value === '' ? -1 : Number($('goldenAt').value);
  if (golden.at < 0) { clearGolden(); return; }
  play(false);
  setTime(golden.times[golden.at]);
}

function clearGolden() {
  $('difference').style.display = 'none';
  $('goldenBox').style.display = 'none';
}

// An image's pixels as the page's canvas gives them back (the frame's canvas, or an image drawn on one).
function pixelsOf(img) {
  if (img instanceof HTMLCanvasElement) return img.getContext('2d').getImageData(0, 0, img.width, img.height);
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

// Runs after each frame: compares it with the chosen golden frame when the times match.
async function compareGolden() {
  if (golden.at < 0) return;
  const t = golden.times[golden.at];
  if ($('frame').dataset.t !== t.toFixed(3)) { clearGolden(); return; }
  const s = state.schema;
  const result = $('goldenResult');
  try {
    const blob = await (await api('/api/golden/frame.png', { plugin: s.plugin.name, factory: s.factory, n: golden.at })).blob();
    const reference = new Image();
    await new Promise((resolve, reject) => { reference.onload = resolve; reference.onerror = reject; reference.src = URL.createObjectURL(blob); });
    const now = pixelsOf($('frame'));
    const then = pixelsOf(reference);
    URL.revokeObjectURL(reference.src);
    if (now.width !== then.width || now.height !== then.height) {
      result.textContent = 'the golden frame is ' + then.width + '×' + then.height + ', this one ' + now.width + '×' + now.height +
        ': start the studio with --size ' + then.width + 'x' + then.height + ' (the stage fxhost check uses)';
      result.dataset.pixels = '';
      clearGolden();
      return;
    }
    const canvas = $('difference');
    canvas.width = now.width;
    canvas.height = now.height;
    const context = canvas.getContext('2d');
    const marks = context.createImageData(now.width, now.height);
    let count = 0, most = 0, x0 = now.width, y0 = now.height, x1 = -1, y1 = -1;
    for (let i = 0; i < now.data.length; i += 4) {
      let d = 0;
      for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(now.data[i + c] - then.data[i + c]));
      if (d > goldenTolerance) {
        const x = (i / 4) % now.width, y = Math.floor(i / 4 / now.width);
        count++;
        most = Math.max(most, d);
        x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
        marks.data[i] = 255; marks.data[i + 3] = 160;
      }
    }
    context.putImageData(marks, 0, 0);
    canvas.style.display = count ? 'block' : 'none';
    result.dataset.pixels = String(count);
    result.dataset.box = count ? [x0, y0, x1 - x0 + 1, y1 - y0 + 1].join(',') : '';
    result.textContent = count ? count + ' pixels differ by more than ' + goldenTolerance + ' (at most ' + most + ' of 255), in ' +
      (x1 - x0 + 1) + '×' + (y1 - y0 + 1) + ' at (' + x0 + ', ' + y0 + ')' : 'the same as the golden frame (within ' + goldenTolerance + ')';
    const box = $('goldenBox');
    const k = $('frame').clientWidth / now.width;
    Object.assign(box.style, count ? { display: 'block', left: (x0 * k - 2) + 'px', top: (y0 * k - 2) + 'px',
      width: ((x1 - x0 + 1) * k + 4) + 'px', height: ((y1 - y0 + 1) * k + 4) + 'px' } : { display: 'none' });
    result.dataset.compared = $('frame').dataset.loads;
  } catch (e) {
    result.textContent = e.message;
  }
}

// The inspector: the JSON-lines record at t, and each layer's animations as bars.
let inspectTimer = null;
function inspectSoon() {
  clearTimeout(inspectTimer);
  inspectTimer = setTimeout(inspect, state.playing ? 500 : 120);
}

async function inspect() {
  // Not while frames are on their way (a hand still scrubbing): its runs would slow them.
  if (state.frameBusy || state.frameWanted) { inspectSoon(); return; }
  const t = state.t;
  try {
    const [sample, schema] = await Promise.all([
      api('/api/sample.json', { t: t.toFixed(3) }).then((r) => r.json()),
      api('/api/schema', { t: t.toFixed(3) }).then((r) => r.json()),
    ]);
    state.layers = sample.layers;
    state.animations = schema.describe.animations;
    $('inspected').textContent = t.toFixed(3);
    drawLayers();
  } catch (e) {
    showError(e.message);
  }
}

function drawLayers() {
  const list = $('layers');
  const bars = $('bars');
  list.textContent = '';
  bars.textContent = '';
  const span = timelineSpan();
  state.layers.forEach((layer, i) => {
    const row = document.createElement('div');
    row.className = 'layer' + (i === state.selected ? ' selected' : '');
    row.style.paddingLeft = (4 + layer.depth * 14) + 'px';
    row.textContent = layer.path + ' (' + layer.kind + ')' + (layer.animated.length ? ' animating ' + layer.animated.join(', ') : '');
    const props = document.createElement('span');
    props.className = 'props';
    props.textContent = JSON.stringify(layer.props);
    row.append(props);
    const animations = state.animations[i] || [];
    if (animations.length) {
      const a = document.createElement('span');
      a.className = 'anims';
      a.textContent = animations.map((x) => (x.keyPath || x.class) + ' begin ' + x.begin.toFixed(3) + ' dur ' + x.duration +
        ' repeat ' + (x.repeatCount === null ? '∞' : x.repeatCount) + (x.autoreverses ? ' autoreverses' : '') + ' fill ' + x.fill).join('; ');
      row.append(a);
    }
    row.addEventListener('click', () => { state.selected = i; drawLayers(); });
    list.append(row);
    if (animations.length) {
      const barRow = document.createElement('div');
      barRow.className = 'bar-row';
      barRow.title = layer.path;
      for (const x of animations) {
        const bar = document.createElement('div');
        const forever = x.active === null;
        const length = forever ? span - x.begin : x.active / (x.speed || 1);
        bar.className = 'bar' + (forever ? ' forever' : '');
        bar.style.left = (100 * Math.max(0, x.begin) / span) + '%';
        bar.style.width = Math.max(0.5, 100 * Math.min(length, span - x.begin) / span) + '%';
        bar.textContent = x.keyPath || x.class;
        bar.title = layer.path + ' ' + (x.keyPath || x.class) + ': begin ' + x.begin + ', duration ' + x.duration;
        barRow.append(bar);
      }
      bars.append(barRow);
    }
  });
  outline();
}

// The selected layer's bounds in stage points (positions and anchor points; transforms left out).
function outline() {
  const box = $('outline');
  const layer = state.layers[state.selected];
  if (!layer || !state.schema) { box.style.display = 'none'; return; }
  const origin = [];
  const place = (i) => {
    if (origin[i]) return origin[i];
    const l = state.layers[i];
    const b = l.props.bounds || [0, 0, 0, 0];
    const p = l.props.position || [0, 0];
    const a = l.props.anchorPoint || [0.5, 0.5];
    let x = p[0] - a[0] * b[2];
    let y = p[1] - a[1] * b[3];
    if (l.parent !== null) {
      const up = place(l.parent);
      const pb = state.layers[l.parent].props.bounds || [0, 0, 0, 0];
      x += up[0] - pb[0];
      y += up[1] - pb[1];
    } else { x = 0; y = 0; }
    origin[i] = [x, y, b[2], b[3]];
    return origin[i];
  };
  const [x, y, w, h] = place(state.selected);
  const img = $('frame');
  const k = img.clientWidth / state.schema.stage.width;
  Object.assign(box.style, { display: 'block', left: x * k + 'px', top: y * k + 'px', width: w * k + 'px', height: h * k + 'px' });
}

function timelineSpan() { return Math.max(state.end * 1.25, state.end + 0.5, 0.5); }

function layoutTimeline() {
  const span = timelineSpan();
  const scrubber = $('scrubber');
  scrubber.max = span.toFixed(3);
  scrubber.value = state.t;
  $('endmark').style.left = 'calc(' + (100 * state.end / span) + '% - 1px)';
  $('endmark').title = 'natural end: ' + state.end.toFixed(3) + ' s';
}

function setTime(t, fromScrubber) {
  state.t = Math.max(0, Math.round(t * 1000) / 1000);
  $('time').textContent = state.t.toFixed(3) + ' s';
  if (!fromScrubber) $('scrubber').value = state.t;
  requestFrame(state.t);
  inspectSoon();
}

// Playback: the clock runs at the chosen speed. Frames are asked for ahead of it (at most
// `playAhead` at once, at the display's 60 steps a second of wall time, no earlier than the clock
// plus the time a frame takes to come, and no later than `playBuffer` seconds of wall time past
// that: enough to ride out a build, as at a loop's return to 0; asked without a bound, a fast
// effect's frames were drawn as fast as the workers went, 400 a second, and held until their
// time), and each is drawn when the clock reaches its time; one that comes late is drawn at once,
// unless a later one is due already.
const playAhead = 3;
const playBuffer = 0.25;
const playback = { start: 0, from: 0, next: 0, inFlight: 0, ready: [], latency: 0.05, drawn: 0, generation: 0 };

function playClock() { return playback.from + (performance.now() - playback.start) / 1000 * Number($('speed').value); }

function playTime(u) {
  if ($('loop').checked && state.end > 0) return u % state.end;
  return Math.min(u, state.end);
}

function askAhead() {
  const speed = Number($('speed').value);
  const step = speed / 60;
  const generation = playback.generation;
  const soonest = playClock() + playback.latency * speed;
  while (state.playing && playback.inFlight < playAhead) {
    let u = Math.max(playback.next, soonest);
    u = Math.ceil(u / step - 1e-6) * step;
    if (u > soonest + playBuffer * speed) break;
    if (!$('loop').checked && u >= state.end) {
      if (playback.next > state.end) break;
      u = state.end;
    }
    playback.next = u + step;
    playback.inFlight += 1;
    const t = Math.round(playTime(u) * 1000) / 1000;
    fetchFrame(t).then((f) => {
      if (generation !== playback.generation) return;
      f.u = u;
      playback.latency = 0.8 * playback.latency + 0.2 * (performance.now() - f.started) / 1000;
      playback.ready.push(f);
      playback.ready.sort((a, b) => a.u - b.u);
    }).catch((e) => {
      if (generation === playback.generation) { showError(e.message); play(false); }
    }).finally(() => {
      if (generation !== playback.generation) return;
      playback.inFlight -= 1;
      askAhead();
    });
  }
}

function present() {
  if (!state.playing) return;
  // A frame is shown at the display refresh nearest its time: up to half a frame early, as a video
  // player presents the frame closest to the refresh. Both clocks tick 60 times a second, so
  // waiting for a frame's exact time would leave, by jitter alone, one refresh with two frames
  // due (one dropped) beside one with none.
  const now = playClock() + Number($('speed').value) / 120;
  let due = null;
  while (playback.ready.length && playback.ready[0].u <= now) due = playback.ready.shift();
  if (due) {
    drawFrame(due);
    playback.drawn += 1;
    showTime(due.t);
  }
  askAhead();
  if (!$('loop').checked && now >= state.end && !playback.ready.length && !playback.inFlight) {
    play(false);
    return;
  }
  requestAnimationFrame(present);
}

function showTime(t) {
  state.t = t;
  $('time').textContent = t.toFixed(3) + ' s';
  $('scrubber').value = t;
}

function play(on) {
  state.playing = on;
  playback.generation += 1;
  $('play').textContent = on ? '⏸' : '▶';
  document.body.dataset.playing = String(on);
  if (on) {
    Object.assign(playback, { from: state.t >= state.end ? 0 : state.t, start: performance.now(), inFlight: 0, ready: [], drawn: 0 });
    playback.next = playback.from;
    askAhead();
    requestAnimationFrame(present);
  } else {
    playback.ready = [];
    inspectSoon();
  }
}

function applyZoom() {
  const img = $('frame');
  for (const b of document.querySelectorAll('#zoom button')) b.classList.toggle('on', b.dataset.zoom === state.zoom);
  img.classList.toggle('fit', state.zoom === 'fit');
  if (state.schema) img.style.width = state.zoom === 'fit' ? '' : (state.schema.stage.width * Number(state.zoom)) + 'px';
  outline();
}

async function copyCommand() {
  try {
    const text = (await (await api('/api/command', { t: state.t.toFixed(3) })).text()).trim();
    const field = $('command');
    field.value = text;
    field.select();
    try { await navigator.clipboard.writeText(text); } catch (e) { document.execCommand('copy'); }
  } catch (e) {
    showError(e.message);
  }
}

function listen() {
  const source = new EventSource('/api/events');
  source.addEventListener('reload', async () => {
    state.reloads += 1;
    document.body.dataset.reloads = String(state.reloads);
    await refresh(true);
  });
  source.addEventListener('view', async (e) => {
    const v = JSON.parse(e.data);
    if (JSON.stringify(v) === JSON.stringify(state.view)) return;
    state.view = v;
    await refresh(true);
  });
  source.addEventListener('failure', (e) => showError(JSON.parse(e.data).message));
  source.addEventListener('build', (e) => {
    const built = JSON.parse(e.data).state;
    $('build').textContent = built === 'building' ? 'swift build…' : '';
    document.body.dataset.build = built;
  });
  source.addEventListener('open', () => { document.body.dataset.events = 'open'; });
}

function wire() {
  $('scrubber').addEventListener('input', () => { if (state.playing) play(false); setTime(Number($('scrubber').value), true); });
  $('play').addEventListener('click', () => play(!state.playing));
  $('back').addEventListener('click', () => { play(false); setTime(Math.round(state.t * state.fps - 1) / state.fps); });
  $('forward').addEventListener('click', () => { play(false); setTime(Math.round(state.t * state.fps + 1) / state.fps); });
  $('factory').addEventListener('change', () => postView({ factory: $('factory').value, parameters: {}, events: [] }));
  $('copy').addEventListener('click', copyCommand);
  $('goldenAt').addEventListener('change', chooseGolden);
  $('format').addEventListener('change', () => { $('export').href = '/api/export?format=' + $('format').value; });
  for (const b of document.querySelectorAll('#zoom button')) b.addEventListener('click', () => { state.zoom = b.dataset.zoom; applyZoom(); });
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
    if (e.key === ' ') { e.preventDefault(); play(!state.playing); }
    if (e.key === 'ArrowLeft') $('back').click();
    if (e.key === 'ArrowRight') $('forward').click();
  });
  window.addEventListener('resize', outline);
}

async function start() {
  wire();
  listen();
  try { await loadSchema(); } catch (e) { showError(e.message); }
  setTime(0);
  document.body.dataset.ready = 'true';
}

start();
