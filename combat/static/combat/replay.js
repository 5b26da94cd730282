// A battle report as a replay: one frame at a time (before the battle, each exchange, the outcome), with each
// side's strength drawn as an inline SVG chart and a marker on the current frame. No library, no build step.
(function () {
  "use strict";
  const replay = JSON.parse(document.getElementById("battle-replay").textContent);
  const frames = replay.frames;
  const $ = (sel) => document.querySelector(sel);
  const {el, svg: node, http} = window.CV;
  const COLOURS = ["#7fd1ff", "#ffcf70"];
  const W = 320, H = 170, PAD = {left: 34, right: 8, top: 8, bottom: 24};
  let current = 0;

  const x = (i) => PAD.left + (frames.length > 1 ? i * (W - PAD.left - PAD.right) / (frames.length - 1) : 0);
  const y = (percent) => PAD.top + (100 - percent) * (H - PAD.top - PAD.bottom) / 100;

  function drawChart() {
    const svg = $("#chart");
    for (const tick of [0, 50, 100]) {
      svg.append(node("line", {x1: PAD.left, x2: W - PAD.right, y1: y(tick), y2: y(tick), class: "grid"}));
      svg.append(node("text", {x: PAD.left - 4, y: y(tick) + 4, "text-anchor": "end", class: "tick"}, `${tick}%`));
    }
    svg.append(node("text", {x: (W + PAD.left) / 2, y: H - 4, "text-anchor": "middle", class: "tick"},
                    "exchanges →"));
    const legend = $("#legend");
    replay.side_ids.forEach((side, n) => {
      const points = frames.map((f, i) => (side in f.strength ? `${x(i)},${y(f.strength[side])}` : null))
        .filter(Boolean);
      if (!points.length) return;  // a side whose strength this viewer does not know
      svg.append(node("polyline", {points: points.join(" "), fill: "none", stroke: COLOURS[n], "stroke-width": 2,
                                   "data-side": side}));
      legend.append(el("span", {class: "key"}, el("span", {class: "swatch", style: `background:${COLOURS[n]}`}),
                       replay.sides[n]));
    });
    svg.append(node("line", {id: "marker", y1: PAD.top, y2: H - PAD.bottom, class: "marker"}));
  }

  function show(index) {
    current = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[current];
    $("#frame-title").textContent = frame.title;
    $("#frame-count").textContent = `Frame ${current + 1} of ${frames.length}`;
    const list = $("#frame-lines");
    list.replaceChildren(...frame.lines.map((line) => el("li", {}, line)));
    const strengths = replay.side_ids.filter((s) => s in frame.strength)
      .map((s) => `${replay.sides[replay.side_ids.indexOf(s)]}: ${frame.strength[s]}%`);
    if (strengths.length) list.append(el("li", {class: "strength"}, `Strength left: ${strengths.join(", ")}`));
    const marker = $("#marker");
    marker.setAttribute("x1", x(current));
    marker.setAttribute("x2", x(current));
    document.querySelector("[data-go=prev]").disabled = current === 0;
    document.querySelector("[data-go=first]").disabled = current === 0;
    document.querySelector("[data-go=next]").disabled = current === frames.length - 1;
    document.querySelector("[data-go=last]").disabled = current === frames.length - 1;
  }

  const moves = {first: () => 0, prev: () => current - 1, next: () => current + 1, last: () => frames.length - 1};
  document.querySelectorAll("[data-go]").forEach((button) => {
    button.addEventListener("click", () => show(moves[button.dataset.go]()));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    const go = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"}[event.key];
    if (go) { event.preventDefault(); show(moves[go]()); }
  });

  drawChart();
  show(0);

  const form = $("#publish-form");
  if (!form) return;
  async function publish(published) {
    const message = $("#publish-msg");
    message.textContent = "Saving…";
    try {
      const data = await http.post(form.dataset.url, {narrative: $("#narrative").value,
                                                      delay_steps: Number($("#delay").value || 0), published});
      // The line above the form says where the battle stands now; the message only that it was saved.
      $("#publication").textContent = data.publication;
      $("#unpublish").hidden = !data.published;
      message.textContent = published ? "Saved." : "Withdrawn.";
    } catch (error) { message.textContent = error.message; }
  }
  form.addEventListener("submit", (event) => { event.preventDefault(); publish(true); });
  $("#unpublish").addEventListener("click", () => publish(false));
})();
