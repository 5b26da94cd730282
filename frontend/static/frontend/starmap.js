// A star map as inline SVG: Sectors as hexes (axial "q,r" ids), Points of Interest in them, units and their
// courses. Used by the player's map, the GM's side-by-side views and the spectators' public map.
(function () {
  "use strict";
  const SIZE = 30;
  const LABEL_CHARS = 11;
  const KIND_COLOURS = {star_system: "#ffd27f", station: "#9fe3ff", black_hole: "#b48cff"};

  const node = window.CV.svg;

  function centre(sectorId) {
    const [q, r] = sectorId.split(",").map(Number);
    return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
  }

  function hexPath([x, y]) {
    const corners = [...Array(6).keys()].map((i) => {
      const angle = Math.PI / 180 * (60 * i - 30);
      return `${(x + SIZE * Math.cos(angle)).toFixed(1)},${(y + SIZE * Math.sin(angle)).toFixed(1)}`;
    });
    return `M${corners.join("L")}Z`;
  }

  // The Sector under a point of the map (axial coordinates, rounded as cube coordinates), if it is on the map.
  function sectorAt(x, y, known) {
    const r = y / (SIZE * 1.5);
    const q = x / (SIZE * Math.sqrt(3)) - r / 2;
    let [rq, rr, rs] = [Math.round(q), Math.round(r), Math.round(-q - r)];
    const [dq, dr, ds] = [Math.abs(rq - q), Math.abs(rr - r), Math.abs(rs + q + r)];
    if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
    const id = `${rq},${rr}`;
    return known.has(id) ? id : null;
  }

  // Layers other panels draw over the hexes (supply.js: the supply grid's reach; fleets.js: routes), each
  // fn(container) -> null or {sectors: [ids], lines: [[from id, to id]] (optional), className, title}; a panel whose
  // data changed calls CV.starmap.redrawLayers(container).
  const layers = [];
  function drawLayers(svg, container) {
    svg.querySelectorAll(".map-layer").forEach((n) => n.remove());
    let below = svg.querySelector(".hexes");
    layers.forEach((layer) => {
      const drawn = layer(container);
      const d = drawn ? drawn.sectors.map((id) => hexPath(centre(id))).join("") +
        (drawn.lines || []).map(([a, b]) => `M${centre(a).join(",")}L${centre(b).join(",")}`).join("") : "";
      if (!d || !below) return;
      const path = node("path", {d, class: `map-layer ${drawn.className}`}, node("title", {}, drawn.title));
      below.after(path);
      below = path;
    });
  }

  // view: {sectors: [{sector_id}], pois: [{poi_id, sector_id, kind, name}], units: [...], other_units: [...]}
  // onPick(sectorId, poiId|null), if given, is called for a click on a Sector or a place (or Enter on a place).
  function starmap(container, view, {label = "Star map", onPick = null} = {}) {
    const sectors = view.sectors || [];
    if (!sectors.length) {
      container.replaceChildren(document.createTextNode("No map yet: the GM has not set up the galaxy."));
      return;
    }
    const points = sectors.map((s) => centre(s.sector_id));
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const pad = SIZE * 1.2;
    const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad,
                 Math.max(...ys) - Math.min(...ys) + 2 * pad];
    const svg = node("svg", {viewBox: box.map((n) => n.toFixed(1)).join(" "), role: "img", "aria-label": label,
                             class: "starmap", preserveAspectRatio: "xMidYMid meet"});
    svg.append(node("title", {}, label));
    // One path for every hex: thousands of Sectors stay one DOM node.
    svg.append(node("path", {d: sectors.map((s) => hexPath(centre(s.sector_id))).join(""), class: "hexes"}));
    drawLayers(svg, container);
    const junk = sectors.filter((s) => s.junk);
    junk.forEach((s) => {
      const [x, y] = centre(s.sector_id);
      svg.append(node("text", {x: x, y: y + SIZE * 0.7, class: "junk"}, `junk ${s.junk}`));
    });
    const perSector = {};
    (view.pois || []).forEach((poi) => {
      const slot = (perSector[poi.sector_id] = (perSector[poi.sector_id] || 0) + 1) - 1;
      const [x, y] = centre(poi.sector_id);
      const px = x - SIZE * 0.4 + slot * SIZE * 0.5;
      const py = y - SIZE * 0.3;
      // The name sits under its dot, inside its hex, shortened to fit; the full name is the title.
      const short = poi.name.length > LABEL_CHARS ? `${poi.name.slice(0, LABEL_CHARS - 1)}…` : poi.name;
      svg.append(node("g", {class: "poi", "data-poi": poi.poi_id, tabindex: "0"},
        node("title", {}, `${poi.name} (${poi.kind.replace("_", " ")}, sector ${poi.sector_id})`),
        node("circle", {cx: px, cy: py, r: 4, fill: KIND_COLOURS[poi.kind] || "#ddd"}),
        node("text", {x: px, y: py + 11, class: "poi-name"}, slot === 0 ? short : "")));
    });
    // At most MARKERS unit markers per sector, then a "+N" count, one course line per pair of sectors, and the
    // units' names as one title per sector: a civilization of thousands of units stays a few hundred nodes, drawn
    // inside its hexes.
    const MARKERS = 10;
    const TITLE_NAMES = 12;
    const unitsAt = new Map();
    const courses = new Set();
    const gather = (unit, own) => {
      if (!unitsAt.has(unit.sector_id)) unitsAt.set(unit.sector_id, []);
      unitsAt.get(unit.sector_id).push([unit, own]);
      if (own && unit.destination_sector) courses.add(`${unit.sector_id}>${unit.destination_sector}`);
    };
    (view.units || []).filter((u) => !u.carried_by && u.state !== "destroyed").forEach((u) => gather(u, true));
    (view.other_units || []).forEach((u) => gather(u, false));
    courses.forEach((course) => {
      const [[x, y], [dx, dy]] = course.split(">").map(centre);
      svg.append(node("line", {x1: x, y1: y + SIZE * 0.25, x2: dx, y2: dy, class: "course"}));
    });
    const nameOf = ([unit, own]) => `${unit.name}${unit.design ? ` (${unit.design})` : ""}${own ? ` — ${unit.state}` : ""}`;
    unitsAt.forEach((here, sector) => {
      const [x, y] = centre(sector);
      const more = here.length - TITLE_NAMES;
      const group = node("g", {class: "units"}, node("title", {},
        `${here.slice(0, TITLE_NAMES).map(nameOf).join(", ")}${more > 0 ? `, and ${more} more` : ""}`));
      here.slice(0, MARKERS).forEach(([unit, own], slot) => {
        const ux = x - SIZE * 0.55 + (slot % 5) * 8;
        const uy = y + SIZE * 0.25 + Math.floor(slot / 5) * 8;
        group.append(node("path", {d: `M${ux},${uy - 4}L${ux + 4},${uy + 3}L${ux - 4},${uy + 3}Z`,
                                   class: own ? "unit own" : "unit other", "data-unit": unit.unit_id}));
      });
      if (here.length > MARKERS) {
        group.append(node("text", {x, y: y + SIZE * 0.25 + 19, class: "unit-more"}, `+${here.length - MARKERS}`));
      }
      svg.append(group);
    });
    if (onPick) pickable(svg, sectors, view.pois || [], onPick);
    container.replaceChildren(svg);
  }

  function pickable(svg, sectors, pois, onPick) {
    const known = new Set(sectors.map((s) => s.sector_id));
    const poiSector = new Map(pois.map((p) => [p.poi_id, p.sector_id]));
    svg.classList.add("pickable");
    const pickPoi = (target) => {
      const poi = target.closest && target.closest("[data-poi]");
      if (poi) onPick(poiSector.get(poi.dataset.poi), poi.dataset.poi);
      return Boolean(poi);
    };
    svg.addEventListener("click", (ev) => {
      if (pickPoi(ev.target)) return;
      const point = svg.createSVGPoint();
      [point.x, point.y] = [ev.clientX, ev.clientY];
      const at = point.matrixTransform(svg.getScreenCTM().inverse());
      const sector = sectorAt(at.x, at.y, known);
      if (sector) onPick(sector, null);
    });
    svg.addEventListener("keydown", (ev) => {
      if ((ev.key === "Enter" || ev.key === " ") && pickPoi(ev.target)) ev.preventDefault();
    });
  }

  window.CV.starmap = starmap;
  starmap.addLayer = (layer) => layers.push(layer);
  starmap.redrawLayers = (container) => {
    const svg = container && container.querySelector("svg.starmap");
    if (svg) drawLayers(svg, container);
  };
})();
