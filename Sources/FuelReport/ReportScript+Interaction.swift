extension ReportScript {
    /// The second half of ``javaScript``, inside the same function: the legend's drawing, the tooltip (hover or tap),
    /// zoom (wheel, buttons, keys, pinch), pan (drag, arrow keys), resizing, the test hooks and the first draw.
    static let interaction = #"""
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
        """#
}
