"use strict";
(async function () {
const decodeStarted = performance.now();
// Viridis (perceptually ordered, readable with every common colour-vision deficiency), cut before its palest
// yellows so every dot stands out from the light map.
const VIRIDIS = ["#440154", "#482878", "#3e4989", "#31688e", "#26828e", "#1f9e89", "#35b779", "#6ece58",
                 "#b5de2b"];
const BUCKETS = 64;
const GREY = BUCKETS;
const GREY_COLOUR = "#b4b4b0";
const CHANGE_STYLES = {
  changed: { colour: "#e69f00", dash: [], width: 2 },
  added: { colour: "#000000", dash: [7, 3], width: 2 },
  removed: { colour: "#cc79a7", dash: [2, 3], width: 2 },
};

function bytesOf(base64) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(base64);
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

// The blob is gzip in base64; the browser's own DecompressionStream inflates it, with no request.
async function inflate(base64) {
  const stream = new Blob([bytesOf(base64)]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const data = JSON.parse(document.getElementById("report-data").textContent);
const blob = await inflate(document.getElementById("report-blob").textContent.trim());

// {"type":"u16","offset":…,"length":…} -> a typed array viewing the blob (little-endian, as every browser
// platform is).
function column(reference) {
  switch (reference.type) {
    case "u8": return new Uint8Array(blob.buffer, reference.offset, reference.length);
    case "u16": return new Uint16Array(blob.buffer, reference.offset, reference.length);
    case "u32": return new Uint32Array(blob.buffer, reference.offset, reference.length);
    case "f32": return new Float32Array(blob.buffer, reference.offset, reference.length);
    case "text":
      return new TextDecoder().decode(new Uint8Array(blob.buffer, reference.offset, reference.length));
  }
  throw new Error("unknown column type " + reference.type);
}

const strings = JSON.parse(column(data.strings));
function stringTable(name) { return { strings: strings[name], index: column(data[name]) }; }
function lookup(table, station) { return table.strings[table.index[station]]; }

const count = data.count;
const latitude = column(data.latitude);
const longitude = column(data.longitude);
const names = stringTable("name");
const brands = stringTable("brand");
const addresses = stringTable("address");
const cellKeys = stringTable("cell");
const fuels = data.fuels.map(function (fuel) {
  return { value: fuel.value, unit: fuel.unit, stations: column(fuel.stations), price: column(fuel.price),
           updated: column(fuel.updated), dense: null, slots: null, buckets: null, legend: "", priced: 0 };
});

// Cells as rectangles in degrees: [south, west, north, east].
function cellBounds(key) {
  const parts = key.split("_");
  const row = Number(parts[0]);
  const column = Number(parts[1]);
  const size = data.gridDegrees;
  return [row * size, column * size, (row + 1) * size, (column + 1) * size];
}
const cells = data.cells.map(cellBounds);
const changes = [];
for (const kind of ["changed", "added", "removed"]) {
  for (const key of data.changes[kind] || []) changes.push({ kind: kind, bounds: cellBounds(key) });
}

// Equirectangular projection, x scaled by cos(mid-latitude) so shapes keep their proportions.
let south = Infinity, north = -Infinity, west = Infinity, east = -Infinity;
function include(lat, lon) {
  if (lat < south) south = lat;
  if (lat > north) north = lat;
  if (lon < west) west = lon;
  if (lon > east) east = lon;
}
for (let i = 0; i < count; i++) include(latitude[i], longitude[i]);
for (const bounds of cells) { include(bounds[0], bounds[1]); include(bounds[2], bounds[3]); }
for (const change of changes) {
  include(change.bounds[0], change.bounds[1]);
  include(change.bounds[2], change.bounds[3]);
}
if (!(south <= north)) { south = 35; north = 60; west = -10; east = 20; }
const xScale = Math.cos(((south + north) / 2) * Math.PI / 180);
const worldX = new Float64Array(count);
const worldY = new Float64Array(count);
for (let i = 0; i < count; i++) {
  worldX[i] = longitude[i] * xScale;
  worldY[i] = -latitude[i];
}

const frame = document.getElementById("map-frame");
const canvas = document.getElementById("map");
const context = canvas.getContext("2d");
const tooltip = document.getElementById("tooltip");
const selector = document.getElementById("fuel");
const view = { scale: 1, x: 0, y: 0, width: 1, height: 1, fitScale: 1 };
const api = window.fuelReport = {
  ready: false, stationCount: count, stationsDrawn: 0, legend: "", fuel: "", cellsDrawn: 0,
  changesDrawn: { changed: 0, added: 0, removed: 0 }, decodeMilliseconds: 0, drawMilliseconds: 0,
  readyMilliseconds: 0, fuels: fuels.map(function (fuel) { return fuel.value; }),
};
let current = null;
let moved = false;

function resize() {
  const rect = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  view.width = Math.max(1, rect.width);
  view.height = Math.max(1, rect.height);
  canvas.width = Math.round(view.width * ratio);
  canvas.height = Math.round(view.height * ratio);
}

function fit() {
  const spanX = Math.max((east - west) * xScale, 0.05);
  const spanY = Math.max(north - south, 0.05);
  view.fitScale = 0.94 * Math.min(view.width / spanX, view.height / spanY);
  view.scale = view.fitScale;
  view.x = (west + east) / 2 * xScale;
  view.y = -(south + north) / 2;
}

function screenX(x) { return (x - view.x) * view.scale + view.width / 2; }
function screenY(y) { return (y - view.y) * view.scale + view.height / 2; }
// Dots grow slowly as the map zooms in; a small build gets bigger dots from the start.
const baseRadius = count > 20000 ? 1.5 : count > 3000 ? 2 : 2.5;
function radius() { return Math.min(6, baseRadius * Math.pow(view.scale / view.fitScale, 0.35)); }

// Colours by rank (quantiles), so the legend's median sits in the middle of the ramp and one outlier cannot
// wash out the rest; stations without a price of the fuel are grey.
function prepare(fuel) {
  if (fuel.buckets) return;
  // Per station: its price (0 for none) and its place in the fuel's columns (-1 for none).
  fuel.dense = new Uint32Array(count);
  fuel.slots = new Int32Array(count).fill(-1);
  for (let k = 0; k < fuel.stations.length; k++) {
    fuel.dense[fuel.stations[k]] = fuel.price[k];
    fuel.slots[fuel.stations[k]] = k;
  }
  const sorted = fuel.price.slice().sort();
  const priced = sorted.length;
  const bucketOf = new Map();
  for (let low = 0; low < priced;) {
    let high = low;
    while (high < priced && sorted[high] === sorted[low]) high++;
    const rank = priced > 1 ? (low + high - 1) / 2 / (priced - 1) : 0.5;
    bucketOf.set(sorted[low], Math.min(BUCKETS - 1, Math.floor(rank * BUCKETS)));
    low = high;
  }
  fuel.buckets = new Uint8Array(count).fill(GREY);
  for (let k = 0; k < fuel.stations.length; k++) fuel.buckets[fuel.stations[k]] = bucketOf.get(fuel.price[k]);
  if (priced === 0) {
    fuel.legend = "no prices";
    fuel.ticks = ["", "no prices", ""];
    return;
  }
  const middle = priced >> 1;
  // The median of an even count, rounded half up to a thousandth.
  const median = priced % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
  fuel.ticks = [euros(sorted[0]), euros(median), euros(sorted[priced - 1])];
  fuel.legend =
    "min " + fuel.ticks[0] + " · median " + fuel.ticks[1] + " · max " + fuel.ticks[2] + " " + fuel.unit;
  fuel.priced = priced;
}

function euros(thousandths) { return (thousandths / 1000).toFixed(3); }

function paletteColour(t) {
  const position = t * (VIRIDIS.length - 1);
  const index = Math.min(VIRIDIS.length - 2, Math.floor(position));
  const mix = position - index;
  const from = parseInt(VIRIDIS[index].slice(1), 16);
  const to = parseInt(VIRIDIS[index + 1].slice(1), 16);
  const channel = function (shift) {
    return Math.round(((from >> shift) & 255) * (1 - mix) + ((to >> shift) & 255) * mix);
  };
  return "rgb(" + channel(16) + "," + channel(8) + "," + channel(0) + ")";
}
const bucketColours = [];
for (let b = 0; b < BUCKETS; b++) bucketColours.push(paletteColour((b + 0.5) / BUCKETS));

function outline(target, bounds) {
  const x0 = screenX(bounds[1] * xScale), x1 = screenX(bounds[3] * xScale);
  const y0 = screenY(-bounds[2]), y1 = screenY(-bounds[0]);
  if (x1 < 0 || y1 < 0 || x0 > view.width || y0 > view.height) return false;
  target.rect(x0, y0, x1 - x0, y1 - y0);
  return true;
}

function strokeChange(target, kind, path) {
  const style = CHANGE_STYLES[kind];
  target.save();
  target.strokeStyle = style.colour;
  target.lineWidth = style.width;
  target.setLineDash(style.dash);
  target.stroke(path);
  target.restore();
}

function draw() {
  const ratio = canvas.width / view.width;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, view.width, view.height);
  const grid = new Path2D();
  let cellsDrawn = 0;
  for (const bounds of cells) if (outline(grid, bounds)) cellsDrawn++;
  context.strokeStyle = "rgba(0, 0, 0, 0.09)";
  context.lineWidth = 1;
  context.stroke(grid);

  const r = radius();
  const round = r >= 2.5;
  const paths = [];
  for (let b = 0; b <= BUCKETS; b++) paths.push(new Path2D());
  const buckets = current ? current.buckets : null;
  let drawn = 0;
  for (let i = 0; i < count; i++) {
    const x = (worldX[i] - view.x) * view.scale + view.width / 2;
    const y = (worldY[i] - view.y) * view.scale + view.height / 2;
    if (x < -r || y < -r || x > view.width + r || y > view.height + r) continue;
    const path = paths[buckets ? buckets[i] : GREY];
    if (round) {
      path.moveTo(x + r, y);
      path.arc(x, y, r, 0, 2 * Math.PI);
    } else {
      path.rect(x - r, y - r, 2 * r, 2 * r);
    }
    drawn++;
  }
  context.fillStyle = GREY_COLOUR;
  context.fill(paths[GREY]);
  for (let b = 0; b < BUCKETS; b++) {
    context.fillStyle = bucketColours[b];
    context.fill(paths[b]);
  }

  const changesDrawn = { changed: 0, added: 0, removed: 0 };
  const changePaths = { changed: new Path2D(), added: new Path2D(), removed: new Path2D() };
  for (const change of changes) {
    if (outline(changePaths[change.kind], change.bounds)) changesDrawn[change.kind]++;
  }
  for (const kind in changePaths) strokeChange(context, kind, changePaths[kind]);

  api.stationsDrawn = drawn;
  api.cellsDrawn = cellsDrawn;
  api.changesDrawn = changesDrawn;
  document.getElementById("count").textContent = drawn === count
    ? grouped(count) + " stations drawn"
    : grouped(drawn) + " of " + grouped(count) + " stations drawn";
}

function grouped(value) { return value.toLocaleString("en-US"); }

let pending = false;
function redraw() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(function () { pending = false; draw(); });
}

function select(value) {
  const fuel = fuels.find(function (fuel) { return fuel.value === value; }) || null;
  current = fuel;
  api.fuel = fuel ? fuel.value : "";
  selector.value = api.fuel;
  if (fuel) prepare(fuel);
  const ticks = fuel ? fuel.ticks : ["", "no fuel prices in this build", ""];
  document.getElementById("legend-min").textContent = ticks[0];
  document.getElementById("legend-median").textContent = ticks[1];
  document.getElementById("legend-max").textContent = ticks[2] + (fuel && fuel.priced ? " " + fuel.unit : "");
  api.legend = fuel ? fuel.legend : "no prices";
  document.getElementById("legend-text").textContent = fuel && fuel.priced
    ? grouped(fuel.priced) + " stations with a " + fuel.value + " price, coloured by rank; grey: none"
    : "grey: no price";
  hideTooltip();
}
api.setFuel = function (value) { selector.value = value; select(value); draw(); return api.legend; };

for (const fuel of fuels) {
  const option = document.createElement("option");
  option.value = fuel.value;
  option.textContent = fuel.value;
  selector.appendChild(option);
}
selector.addEventListener("change", function () { select(selector.value); draw(); });
// The legend ramp and the change swatches are drawn with the map's own colours and strokes.
const ramp = document.getElementById("legend-ramp");
const rampContext = ramp.getContext("2d");
for (let x = 0; x < ramp.width; x++) {
  rampContext.fillStyle = paletteColour((x + 0.5) / ramp.width);
  rampContext.fillRect(x, 0, 1, ramp.height);
}
for (const swatch of document.querySelectorAll("canvas[data-change]")) {
  const path = new Path2D();
  path.rect(2, 2, swatch.width - 4, swatch.height - 4);
  strokeChange(swatch.getContext("2d"), swatch.dataset.change, path);
}

// Hover (mouse) or tap (touch, pen) finds the nearest dot within reach.
function nearest(x, y) {
  const reach = Math.max(radius() + 2, 6);
  let best = -1;
  let bestDistance = reach * reach;
  for (let i = 0; i < count; i++) {
    const dx = (worldX[i] - view.x) * view.scale + view.width / 2 - x;
    const dy = (worldY[i] - view.y) * view.scale + view.height / 2 - y;
    const distance = dx * dx + dy * dy;
    if (distance <= bestDistance) { bestDistance = distance; best = i; }
  }
  return best;
}

function utc(seconds) { return new Date(seconds * 1000).toISOString().replace(".000Z", "Z"); }

function line(text, className) {
  const element = document.createElement("div");
  element.textContent = text;
  if (className) element.className = className;
  tooltip.appendChild(element);
}

function showTooltip(station, x, y) {
  tooltip.replaceChildren();
  line(lookup(names, station) || "(no name)", "name");
  const brand = lookup(brands, station);
  if (brand) line(brand);
  const address = lookup(addresses, station);
  if (address) line(address);
  if (current && current.slots[station] >= 0) {
    const updated = data.timeBase + current.updated[current.slots[station]];
    line(current.value + " " + euros(current.dense[station]) + " " + current.unit, "price");
    line("updated " + utc(updated));
  } else if (current) {
    line("no " + current.value + " price");
  }
  line("tile " + lookup(cellKeys, station) + " · " + strings.ids[station]);
  tooltip.hidden = false;
  const left = Math.min(x + 14, view.width - tooltip.offsetWidth - 4);
  const top = y + 14 + tooltip.offsetHeight > view.height ? y - 14 - tooltip.offsetHeight : y + 14;
  tooltip.style.left = Math.max(4, left) + "px";
  tooltip.style.top = Math.max(4, top) + "px";
}

function hideTooltip() { tooltip.hidden = true; }

function probe(x, y) {
  const station = nearest(x, y);
  if (station < 0) hideTooltip(); else showTooltip(station, x, y);
}

let idIndex = null;
api.screenPosition = function (id) {
  if (!idIndex) { idIndex = new Map(); strings.ids.forEach(function (value, i) { idIndex.set(value, i); }); }
  const station = idIndex.get(id);
  if (station === undefined) return null;
  const x = screenX(worldX[station]);
  const y = screenY(worldY[station]);
  if (x < 0 || y < 0 || x > view.width || y > view.height) return null;
  const rect = canvas.getBoundingClientRect();
  return { x: rect.left + x, y: rect.top + y };
};

// Zoom about a point of the canvas, keeping that point still.
function zoom(factor, x, y) {
  const scale = Math.min(view.fitScale * 4000, Math.max(view.fitScale / 4, view.scale * factor));
  view.x += (x - view.width / 2) / view.scale - (x - view.width / 2) / scale;
  view.y += (y - view.height / 2) / view.scale - (y - view.height / 2) / scale;
  view.scale = scale;
  moved = true;
  hideTooltip();
  redraw();
}

function local(event) {
  const rect = canvas.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

canvas.addEventListener("wheel", function (event) {
  event.preventDefault();
  const point = local(event);
  zoom(Math.exp(-event.deltaY * 0.0015), point.x, point.y);
}, { passive: false });
function zoomCentre(factor) { zoom(factor, view.width / 2, view.height / 2); }
document.getElementById("zoom-in").addEventListener("click", function () { zoomCentre(1.6); });
document.getElementById("zoom-out").addEventListener("click", function () { zoomCentre(1 / 1.6); });
document.getElementById("zoom-fit").addEventListener("click", function () {
  fit();
  moved = false;
  hideTooltip();
  redraw();
});
canvas.addEventListener("keydown", function (event) {
  const step = 60 / view.scale;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (event.key === "+" || event.key === "=") zoomCentre(1.6);
  else if (event.key === "-") zoomCentre(1 / 1.6);
  else if (moves[event.key]) {
    view.x += moves[event.key][0];
    view.y += moves[event.key][1];
    moved = true;
    redraw();
  }
  else return;
  event.preventDefault();
});

// Drag pans; two fingers pinch; a press that barely moves is a tap, which shows the nearest station.
const pointers = new Map();
let travelled = 0;
canvas.addEventListener("pointerdown", function (event) {
  canvas.setPointerCapture(event.pointerId);
  pointers.set(event.pointerId, local(event));
  travelled = 0;
  canvas.classList.add("dragging");
});
canvas.addEventListener("pointermove", function (event) {
  const point = local(event);
  const previous = pointers.get(event.pointerId);
  if (!previous) {
    if (event.pointerType === "mouse") probe(point.x, point.y);
    return;
  }
  if (pointers.size === 2) {
    const others = Array.from(pointers.entries()).filter(function (entry) { return entry[0] !== event.pointerId; });
    const other = others[0][1];
    const before = Math.hypot(previous.x - other.x, previous.y - other.y);
    const after = Math.hypot(point.x - other.x, point.y - other.y);
    if (before > 0) zoom(after / before, (point.x + other.x) / 2, (point.y + other.y) / 2);
  } else {
    view.x -= (point.x - previous.x) / view.scale;
    view.y -= (point.y - previous.y) / view.scale;
    moved = true;
    hideTooltip();
    redraw();
  }
  travelled += Math.hypot(point.x - previous.x, point.y - previous.y);
  pointers.set(event.pointerId, point);
});
function release(event) {
  if (!pointers.delete(event.pointerId)) return;
  if (pointers.size === 0) canvas.classList.remove("dragging");
  if (event.type === "pointerup" && travelled < 5 && pointers.size === 0) {
    const point = local(event);
    probe(point.x, point.y);
  }
}
canvas.addEventListener("pointerup", release);
canvas.addEventListener("pointercancel", release);
canvas.addEventListener("pointerleave", function (event) { if (event.pointerType === "mouse") hideTooltip(); });

// A resized window keeps the reader's view, or refits while they have not moved the map.
new ResizeObserver(function () {
  resize();
  if (!moved) fit();
  redraw();
}).observe(frame);

api.decodeMilliseconds = performance.now() - decodeStarted;
resize();
fit();
select(data.fuel);
const drawStarted = performance.now();
draw();
// Reading a pixel waits for the canvas to be rasterised, so the time below is the real drawing time.
context.getImageData(0, 0, 1, 1);
api.drawMilliseconds = performance.now() - drawStarted;
api.readyMilliseconds = performance.now();
api.ready = true;
})().catch(function (error) {
  console.error("the map report failed: " + error);
  document.getElementById("count").textContent = "the map failed: " + error.message;
});
