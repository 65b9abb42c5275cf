/// The report page's stylesheet: system fonts only (nothing to download), a map that fills most of the window, and a
/// compact table.
enum ReportStyle {
    static let css = #"""
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #5f6368; --rule: #d9d9d4; --paper: #ffffff; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
               background: var(--paper); }
        header, main { padding: 0 16px; }
        h1 { font-size: 18px; margin: 12px 0 2px; word-break: break-word; }
        .summary { margin: 0 0 8px; color: var(--muted); }
        .controls { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin: 4px 0 8px; }
        select, button { font: inherit; }
        #count { color: var(--muted); font-variant-numeric: tabular-nums; }
        #map-frame { position: relative; height: 68vh; min-height: 320px; border: 1px solid var(--rule);
                     border-radius: 4px; overflow: hidden; background: #f6f6f2; touch-action: none; }
        #map { display: block; width: 100%; height: 100%; cursor: grab; }
        #map.dragging { cursor: grabbing; }
        #map:focus-visible { outline: 2px solid #0072b2; outline-offset: -2px; }
        .zoom { position: absolute; top: 8px; right: 8px; display: flex; flex-direction: column; gap: 4px; }
        .zoom button { min-width: 36px; height: 32px; border: 1px solid var(--rule); border-radius: 4px;
                       background: rgba(255, 255, 255, 0.92); cursor: pointer; }
        #tooltip { position: absolute; max-width: 320px; padding: 6px 8px; border-radius: 4px; pointer-events: none;
                   background: rgba(29, 29, 31, 0.94); color: #fff; font-size: 13px; white-space: pre-line;
                   box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25); }
        #tooltip .name { font-weight: 600; }
        #tooltip .price { color: #e8f08a; }
        .legends { display: flex; gap: 32px; flex-wrap: wrap; align-items: flex-start; margin: 8px 0 16px; }
        figure { margin: 0; }
        #legend-ramp { display: block; width: 240px; height: 12px; border-radius: 2px; }
        .ticks { display: grid; grid-template-columns: 1fr auto 1fr; width: 240px; font-variant-numeric: tabular-nums; }
        .ticks span:nth-child(2) { text-align: center; }
        .ticks span:last-child { text-align: right; }
        figcaption { color: var(--muted); font-size: 12px; }
        #change-legend ul { list-style: none; margin: 0; padding: 0; display: flex; gap: 16px; }
        #change-legend li { display: flex; align-items: center; gap: 6px; }
        table { border-collapse: collapse; margin: 0 0 24px; font-variant-numeric: tabular-nums; }
        caption { text-align: left; color: var(--muted); padding: 4px 0; }
        th, td { padding: 4px 10px; border-bottom: 1px solid var(--rule); text-align: left; vertical-align: top; }
        thead th { border-bottom: 2px solid var(--ink); white-space: nowrap; }
        td.number { text-align: right; white-space: nowrap; }
        td.reasons { font-size: 12px; }
        tfoot th, tfoot td { border-top: 2px solid var(--ink); border-bottom: none; font-weight: 600; }
        tr.carried th, tr.carried td { background: #fff4d6; }
        """#
}
