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
// Cell outlines per kind of change; the layer that draws each (cells-changed starts off).
const CHANGE_STYLES = {
  changed: { colour: "#e69f00", dash: [], width: 2, layer: "cells-changed" },
  added: { colour: "#000000", dash: [7, 3], width: 2, layer: "cells-filled" },
  removed: { colour: "#cc79a7", dash: [2, 3], width: 2, layer: "cells-emptied" },
};
// Station marks of the change layers, and the outliers' diamond (vermillion: far from every viridis colour).
const REMOVED_COLOUR = "#cc79a7";
const ADDED_COLOUR = "#000000";
const MOVED_COLOUR = "#0072b2";
const CHANGED_COLOUR = "#009e73";
const OUTLIER_COLOUR = "#d55e00";
const COVERAGE_COLOUR = "rgba(0, 114, 178, 0.45)";
const OUTLIERS_LISTED = 50;

// ---- Decoding the packed data ----

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
const countryKeys = stringTable("country");
const fuels = data.fuels.map(function (fuel) {
  return { value: fuel.value, unit: fuel.unit, stations: column(fuel.stations), price: column(fuel.price),
           updated: column(fuel.updated), scales: fuel.scales, outliers: column(fuel.outliers),
           moved: column(fuel.moved), was: column(fuel.was), lastChanged: column(fuel.lastChanged),
           lastWas: column(fuel.lastWas), lastAgo: column(fuel.lastAgo), dense: null, slots: null, buckets: null,
           legend: "", priced: 0 };
});
// Against a previous build: the stations added (indexes), and those removed, where they were.
const added = column(data.added);
const removedLatitude = column(data.removed.latitude);
const removedLongitude = column(data.removed.longitude);
// Each country's coverage boxes, [south, west, north, east], and when a carried one was last fresh.
const coverage = data.coverage;

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

// ---- Projection, view and test hooks ----

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
for (let i = 0; i < removedLatitude.length; i++) include(removedLatitude[i], removedLongitude[i]);
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
// layersDrawn: per layer, the marks (stations, cells, boxes) the last full draw put in view; "carried" the
// hatched boxes and "outliers" the diamonds. outliers: the chosen fuel's outlier ids; selected: the station
// an outlier link chose.
const api = window.fuelReport = {
  ready: false, stationCount: count, stationsDrawn: 0, legend: "", fuel: "", cellsDrawn: 0,
  changesDrawn: { changed: 0, added: 0, removed: 0 }, layersDrawn: {}, outliers: [], selected: null,
  decodeMilliseconds: 0, drawMilliseconds: 0, readyMilliseconds: 0,
  fuels: fuels.map(function (fuel) { return fuel.value; }),
};
let current = null;
let moved = false;
let selected = -1;
// The layer checkboxes: name -> on.
const layerOn = {};
const layerBoxes = document.querySelectorAll("input[data-layer]");
for (const box of layerBoxes) layerOn[box.dataset.layer] = box.checked;

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

// ---- Colour: each country's scale ----

// Colours by value on a fixed scale per fuel and country: from the country's 5th percentile (the ramp's dark
// end) to its 95th (the bright end), clamped beyond; its outliers (far outside, the verdict's rule) are drawn
// as diamonds instead, and stations without a price of the fuel are grey.
const OUTLIER = BUCKETS + 1;
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
  const scaleOf = countryKeys.strings.map(function (country) { return fuel.scales[country] || null; });
  fuel.buckets = new Uint8Array(count).fill(GREY);
  for (let k = 0; k < fuel.stations.length; k++) {
    const station = fuel.stations[k];
    const scale = scaleOf[countryKeys.index[station]];
    const span = scale ? scale[1] - scale[0] : 0;
    const t = span > 0 ? (fuel.price[k] - scale[0]) / span : 0.5;
    fuel.buckets[station] = Math.min(BUCKETS - 1, Math.max(0, Math.floor(t * BUCKETS)));
  }
  for (const station of fuel.outliers) fuel.buckets[station] = OUTLIER;
  fuel.scaleText = Object.keys(fuel.scales).sort().map(function (country) {
    return country + " " + euros(fuel.scales[country][0]) + "–" + euros(fuel.scales[country][1]);
  }).join(" · ");
  if (priced === 0) {
    fuel.legend = "no prices";
    fuel.ticks = ["", "no prices", ""];
    return;
  }
  const middle = priced >> 1;
  // The median of an even count, rounded half up to a thousandth.
  const median = priced % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
  fuel.legend = "min " + euros(sorted[0]) + " · median " + euros(median) + " · max " + euros(sorted[priced - 1])
    + " " + fuel.unit;
  fuel.ticks = ["≤ p5", fuel.value + " " + fuel.unit, "≥ p95"];
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

// ---- Drawing: coverage, grid, dots, change layers, outliers ----

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

// Station marks: a cross where a removed station was, a ring round an added one or a moved price, a square round
// a price changed in the last day, a diamond for an outlier.
function mark(path, kind, x, y, r) {
  if (kind === "stations-removed") {
    path.moveTo(x - r, y - r); path.lineTo(x + r, y + r);
    path.moveTo(x - r, y + r); path.lineTo(x + r, y - r);
  } else if (kind === "prices-changed") {
    path.rect(x - r, y - r, 2 * r, 2 * r);
  } else if (kind === "outliers") {
    path.moveTo(x, y - r); path.lineTo(x + r, y); path.lineTo(x, y + r); path.lineTo(x - r, y); path.closePath();
  } else {
    path.moveTo(x + r, y);
    path.arc(x, y, r, 0, 2 * Math.PI);
  }
}
const MARK_STYLES = {
  "stations-removed": { colour: REMOVED_COLOUR, width: 2 },
  "stations-added": { colour: ADDED_COLOUR, width: 1.5 },
  "prices-moved": { colour: MOVED_COLOUR, width: 2 },
  "prices-changed": { colour: CHANGED_COLOUR, width: 1.5 },
};
function strokeMarks(target, kind, path) {
  target.save();
  target.strokeStyle = MARK_STYLES[kind].colour;
  target.lineWidth = MARK_STYLES[kind].width;
  target.stroke(path);
  target.restore();
}
function fillOutliers(target, path) {
  target.save();
  target.fillStyle = OUTLIER_COLOUR;
  target.fill(path);
  target.strokeStyle = "#000000";
  target.lineWidth = 1;
  target.stroke(path);
  target.restore();
}

// Carried countries' boxes are hatched with this pattern (diagonal amber lines).
function hatching(target) {
  const tile = document.createElement("canvas");
  tile.width = tile.height = 8;
  const pen = tile.getContext("2d");
  pen.strokeStyle = "rgba(230, 159, 0, 0.55)";
  pen.lineWidth = 2;
  pen.beginPath(); pen.moveTo(0, 8); pen.lineTo(8, 0); pen.moveTo(-2, 2); pen.lineTo(2, -2);
  pen.moveTo(6, 10); pen.lineTo(10, 6); pen.stroke();
  return target.createPattern(tile, "repeat");
}
const hatch = hatching(context);

// Coverage: each country's boxes, faint, labelled with its code; a carried country's hatched, with its time.
function drawCoverage(drawn) {
  const path = new Path2D();
  const carried = new Path2D();
  const labels = [];
  for (const country of coverage) {
    for (const box of country.boxes) {
      if (!outline(path, box)) continue;
      drawn.coverage++;
      if (country.carriedSince) { outline(carried, box); drawn.carried++; }
      labels.push([screenX(box[1] * xScale) + 3, screenY(-box[2]) + 12,
                   country.country + (country.carriedSince ? " carried since " + country.carriedSince : "")]);
    }
  }
  context.fillStyle = "rgba(0, 114, 178, 0.035)";
  context.fill(path);
  context.fillStyle = hatch;
  context.fill(carried);
  context.strokeStyle = COVERAGE_COLOUR;
  context.lineWidth = 1;
  context.setLineDash([4, 3]);
  context.stroke(path);
  context.setLineDash([]);
  context.fillStyle = "rgba(0, 60, 110, 0.75)";
  context.font = "11px system-ui, sans-serif";
  for (const label of labels) context.fillText(label[2], Math.max(2, label[0]), Math.max(11, label[1]));
}

function inView(x, y, r) { return x >= -r && y >= -r && x <= view.width + r && y <= view.height + r; }

// The change layers' station marks and the outliers, above the dots.
function drawStationLayers(drawn, r) {
  const size = Math.max(4, r + 2.5);
  const paths = { "stations-removed": new Path2D(), "stations-added": new Path2D(), "prices-moved": new Path2D(),
                  "prices-changed": new Path2D() };
  function put(kind, latitudeValue, longitudeValue) {
    const x = screenX(longitudeValue * xScale);
    const y = screenY(-latitudeValue);
    if (!inView(x, y, size)) return;
    mark(paths[kind], kind, x, y, size);
    drawn[kind]++;
  }
  if (layerOn["stations-removed"]) {
    for (let i = 0; i < removedLatitude.length; i++) put("stations-removed", removedLatitude[i], removedLongitude[i]);
  }
  if (layerOn["stations-added"]) for (const i of added) put("stations-added", latitude[i], longitude[i]);
  if (layerOn["prices-moved"] && current) for (const i of current.moved) put("prices-moved", latitude[i], longitude[i]);
  if (layerOn["prices-changed"] && current) {
    for (const i of current.lastChanged) put("prices-changed", latitude[i], longitude[i]);
  }
  for (const kind in paths) strokeMarks(context, kind, paths[kind]);
  if (!current) return;
  const diamonds = new Path2D();
  for (const i of current.outliers) {
    const x = screenX(worldX[i]);
    const y = screenY(worldY[i]);
    if (!inView(x, y, size)) continue;
    mark(diamonds, "outliers", x, y, size + 1);
    drawn.outliers++;
  }
  fillOutliers(context, diamonds);
}

function draw() {
  const ratio = canvas.width / view.width;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, view.width, view.height);
  const layersDrawn = { "coverage": 0, "carried": 0, "stations-removed": 0, "stations-added": 0, "prices-moved": 0,
                        "prices-changed": 0,
                        "cells-emptied": 0, "cells-filled": 0, "cells-changed": 0, "outliers": 0 };
  if (layerOn.coverage) drawCoverage(layersDrawn);
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
    const bucket = buckets ? buckets[i] : GREY;
    if (bucket === OUTLIER) { drawn++; continue; }
    const path = paths[bucket];
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
    if (!layerOn[CHANGE_STYLES[change.kind].layer]) continue;
    if (outline(changePaths[change.kind], change.bounds)) changesDrawn[change.kind]++;
  }
  for (const kind in changePaths) {
    strokeChange(context, kind, changePaths[kind]);
    layersDrawn[CHANGE_STYLES[kind].layer] = changesDrawn[kind];
  }
  drawStationLayers(layersDrawn, r);
  if (selected >= 0) {
    context.strokeStyle = "#000000";
    context.lineWidth = 2;
    context.beginPath();
    context.arc(screenX(worldX[selected]), screenY(worldY[selected]), r + 8, 0, 2 * Math.PI);
    context.stroke();
  }

  api.stationsDrawn = drawn;
  api.cellsDrawn = cellsDrawn;
  api.changesDrawn = changesDrawn;
  api.layersDrawn = layersDrawn;
  for (const box of layerBoxes) box.dataset.drawn = layersDrawn[box.dataset.layer];
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

// ---- The fuel selector, the layer checkboxes and the outlier list ----

function select(value) {
  const fuel = fuels.find(function (fuel) { return fuel.value === value; }) || null;
  current = fuel;
  api.fuel = fuel ? fuel.value : "";
  selector.value = api.fuel;
  if (fuel) prepare(fuel);
  const ticks = fuel ? fuel.ticks : ["", "no fuel prices in this build", ""];
  document.getElementById("legend-min").textContent = ticks[0];
  document.getElementById("legend-median").textContent = ticks[1];
  document.getElementById("legend-max").textContent = ticks[2];
  api.legend = fuel ? fuel.legend : "no prices";
  document.getElementById("legend-text").textContent = fuel && fuel.priced
    ? grouped(fuel.priced) + " stations with a " + fuel.value + " price (" + fuel.legend + "), coloured by value "
      + "from each country's 5th to its 95th percentile (outliers left out): " + fuel.scaleText
      + "; ◆ outlier; grey: none"
    : "grey: no price";
  setCount("prices-moved", fuel ? fuel.moved.length : 0);
  setCount("prices-changed", fuel ? fuel.lastChanged.length : 0);
  listOutliers(fuel);
  drawTrends(fuel);
  hideTooltip();
}

function setCount(layer, value) {
  const element = document.querySelector('span[data-count="' + layer + '"]');
  if (element) element.textContent = "(" + grouped(value) + ")";
}

// The chosen fuel's outliers, by country then price, each a link that shows its station on the map.
function listOutliers(fuel) {
  const list = document.getElementById("outlier-list");
  const summary = document.getElementById("outlier-summary");
  list.replaceChildren();
  const outliers = fuel ? Array.from(fuel.outliers) : [];
  outliers.sort(function (a, b) {
    const byCountry = lookup(countryKeys, a).localeCompare(lookup(countryKeys, b));
    return byCountry !== 0 ? byCountry : fuel.dense[a] - fuel.dense[b];
  });
  api.outliers = outliers.map(function (station) { return strings.ids[station]; });
  summary.textContent = !fuel ? "" : outliers.length === 0
    ? "No " + fuel.value + " price lies outside its country's median ÷ 1.6 … × 1.6."
    : grouped(outliers.length) + " " + fuel.value + " price" + (outliers.length === 1 ? "" : "s")
      + " outside the country's median ÷ 1.6 … × 1.6 (◆ on the map)"
      + (outliers.length > OUTLIERS_LISTED ? "; the first " + OUTLIERS_LISTED + " listed" : "") + ":";
  for (const station of outliers.slice(0, OUTLIERS_LISTED)) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = "#map";
    link.dataset.station = strings.ids[station];
    link.textContent = (lookup(names, station) || lookup(brands, station) || strings.ids[station]) + " · "
      + lookup(countryKeys, station) + " · " + euros(fuel.dense[station]) + " " + fuel.unit;
    link.addEventListener("click", function (event) { event.preventDefault(); focusStation(station); });
    item.appendChild(link);
    list.appendChild(item);
  }
}

// Pans and zooms to a station, rings it and shows its tooltip.
function focusStation(station) {
  view.x = worldX[station];
  view.y = worldY[station];
  view.scale = Math.max(view.scale, view.fitScale * 40);
  moved = true;
  selected = station;
  api.selected = strings.ids[station];
  draw();
  showTooltip(station, view.width / 2, view.height / 2);
  canvas.focus({ preventScroll: true });
  frame.scrollIntoView({ block: "nearest" });
}
api.setFuel = function (value) { selector.value = value; select(value); draw(); return api.legend; };

for (const fuel of fuels) {
  const option = document.createElement("option");
  option.value = fuel.value;
  option.textContent = fuel.value;
  selector.appendChild(option);
}
selector.addEventListener("change", function () { select(selector.value); draw(); });
for (const box of layerBoxes) {
  box.addEventListener("change", function () { layerOn[box.dataset.layer] = box.checked; draw(); });
}
api.setLayer = function (name, on) {
  for (const box of layerBoxes) if (box.dataset.layer === name) box.checked = on;
  layerOn[name] = on;
  draw();
  return api.layersDrawn[name];
};
setCount("stations-removed", removedLatitude.length);
setCount("stations-added", added.length);
for (const kind in CHANGE_STYLES) setCount(CHANGE_STYLES[kind].layer, (data.changes[kind] || []).length);
setCount("coverage", coverage.reduce(function (sum, country) { return sum + country.boxes.length; }, 0));
// ---- Legends ----

// The legend ramp and the change swatches are drawn with the map's own colours and strokes.
const ramp = document.getElementById("legend-ramp");
const rampContext = ramp.getContext("2d");
for (let x = 0; x < ramp.width; x++) {
  rampContext.fillStyle = paletteColour((x + 0.5) / ramp.width);
  rampContext.fillRect(x, 0, 1, ramp.height);
}
for (const swatch of document.querySelectorAll("canvas[data-swatch]")) {
  const pen = swatch.getContext("2d");
  const layer = swatch.dataset.swatch;
  const path = new Path2D();
  const kind = Object.keys(CHANGE_STYLES).find(function (key) { return CHANGE_STYLES[key].layer === layer; });
  if (kind) {
    path.rect(2, 2, swatch.width - 4, swatch.height - 4);
    strokeChange(pen, kind, path);
  } else if (MARK_STYLES[layer]) {
    mark(path, layer, swatch.width / 2, swatch.height / 2, 5);
    strokeMarks(pen, layer, path);
  } else {
    pen.fillStyle = hatching(pen);
    pen.fillRect(2, 2, swatch.width - 4, swatch.height - 4);
    pen.strokeStyle = COVERAGE_COLOUR;
    pen.setLineDash([4, 3]);
    pen.strokeRect(2.5, 2.5, swatch.width - 5, swatch.height - 5);
  }
}

// ---- The trend charts in the country table ----

// Each country's trend of the chosen fuel: the p10–p90 band and the median line over the trend's days, and the last
// median with its change since the first day shown. api.trends: per country, the days charted and that text.
function drawTrends(fuel) {
  api.trends = {};
  for (const cell of document.querySelectorAll("td[data-trend]")) {
    const country = cell.dataset.trend;
    const trend = data.trends[country];
    const series = trend && fuel ? trend.fuels[fuel.value] || [] : [];
    const points = [];
    series.forEach(function (figures, day) { if (figures) points.push({ day: day, figures: figures }); });
    const canvas = cell.querySelector("canvas");
    const pen = canvas.getContext("2d");
    pen.clearRect(0, 0, canvas.width, canvas.height);
    let text = "no " + (fuel ? fuel.value : "fuel") + " price";
    if (points.length > 0) {
      let low = Infinity;
      let high = -Infinity;
      for (const point of points) { low = Math.min(low, point.figures[1]); high = Math.max(high, point.figures[2]); }
      const spanDays = Math.max(1, trend.days.length - 1);
      const x = function (day) { return 2 + (canvas.width - 4) * (trend.days.length === 1 ? 0.5 : day / spanDays); };
      const y = function (value) {
        if (high === low) return canvas.height / 2;
        return canvas.height - 2 - (canvas.height - 4) * (value - low) / (high - low);
      };
      // One polyline through a figure of every point, joined to the path so far.
      const through = function (path, list, slot) {
        list.forEach(function (point, i) {
          if (i === 0 && slot !== 1) path.moveTo(x(point.day), y(point.figures[slot]));
          else path.lineTo(x(point.day), y(point.figures[slot]));
        });
      };
      const band = new Path2D();
      through(band, points, 2);
      through(band, points.slice().reverse(), 1);
      band.closePath();
      pen.fillStyle = "rgba(0, 114, 178, 0.2)";
      pen.fill(band);
      const line = new Path2D();
      through(line, points, 0);
      if (points.length === 1) line.arc(x(points[0].day), y(points[0].figures[0]), 1.5, 0, 2 * Math.PI);
      pen.strokeStyle = "#0072b2";
      pen.lineWidth = 1.5;
      pen.stroke(line);
      const first = points[0];
      const last = points[points.length - 1];
      const change = last.figures[0] - first.figures[0];
      const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
      text = euros(last.figures[0]) + (points.length === 1 ? " (one day)"
        : " (" + sign + euros(Math.abs(change)) + " since " + trend.days[first.day] + ")");
    }
    cell.querySelector("span").textContent = text;
    api.trends[country] = { points: points.length, text: text };
  }
}

// ---- Tooltip, zoom, pan, resizing and the first draw ----

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
    const movedAt = current.moved.indexOf(station);
    if (movedAt >= 0) line("was " + euros(current.was[movedAt]) + " in the previous build");
    const changedAt = current.lastChanged.indexOf(station);
    if (changedAt >= 0) {
      const hours = current.lastAgo[changedAt] / 3600;
      line("last change: from " + euros(current.lastWas[changedAt]) + ", " + hours.toFixed(1) + " h before the build");
    }
    if (current.buckets[station] === OUTLIER) {
      const scale = current.scales[lookup(countryKeys, station)];
      line("outlier: outside " + euros(scale[2]) + "–" + euros(scale[3]));
    }
  } else if (current) {
    line("no " + current.value + " price");
  }
  line("tile " + lookup(cellKeys, station) + " · " + strings.ids[station]);
  place(x, y);
}

function place(x, y) {
  tooltip.hidden = false;
  const left = Math.min(x + 14, view.width - tooltip.offsetWidth - 4);
  const top = y + 14 + tooltip.offsetHeight > view.height ? y - 14 - tooltip.offsetHeight : y + 14;
  tooltip.style.left = Math.max(4, left) + "px";
  tooltip.style.top = Math.max(4, top) + "px";
}

function hideTooltip() { tooltip.hidden = true; }

// The nearest removed station's cross within reach, while its layer is on; -1 for none.
function nearestRemoved(x, y) {
  if (!layerOn["stations-removed"]) return -1;
  const reach = Math.max(radius() + 4, 8);
  let best = -1;
  let bestDistance = reach * reach;
  for (let i = 0; i < removedLatitude.length; i++) {
    const dx = screenX(removedLongitude[i] * xScale) - x;
    const dy = screenY(-removedLatitude[i]) - y;
    if (dx * dx + dy * dy <= bestDistance) { bestDistance = dx * dx + dy * dy; best = i; }
  }
  return best;
}

function probe(x, y) {
  const station = nearest(x, y);
  if (station >= 0) { showTooltip(station, x, y); return; }
  const gone = nearestRemoved(x, y);
  if (gone < 0) { hideTooltip(); return; }
  tooltip.replaceChildren();
  line(strings.removedNames[gone] || "(no name)", "name");
  line("removed since the previous build");
  line(strings.removedCountries[gone] + " · " + strings.removedIds[gone]);
  place(x, y);
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
