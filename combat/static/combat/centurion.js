// Centurion's board, live or as a replay. Live: the battle as this viewer may see it comes from the API (the server
// hides what the viewer's side cannot see); a push on the campaign socket says it changed and the page refetches it,
// as it does on reconnecting. Tap a counter of yours to select it, tap a green hex to move there; in the combat phase
// tap a red (enemy) hex, choose the attackers, read the odds, attack. Replay: the report's events, move by move.
(function () {
  "use strict";
  const {el, svg: node, http} = window.CV;
  const root = document.getElementById("centurion");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const R = 18;  // hex radius in px
  const W = Math.sqrt(3) * R;
  const DIE = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
  const api = `/api/campaigns/${root.dataset.campaign}/live-battles/${root.dataset.battle}/`;
  let state = null;
  let selected = null;  // a counter id (movement) or "col,row" of a target (combat)

  const centre = (col, row) => [R + 1.5 * R * (col - 1), W / 2 + W * (row - 1) + (col % 2 === 0 ? W / 2 : 0)];
  const key = (at) => `${at[0]},${at[1]}`;
  const label = (at) => `${String(at[0]).padStart(2, "0")}${String(at[1]).padStart(2, "0")}`;
  function corners(col, row) {
    const [x, y] = centre(col, row);
    return [0, 60, 120, 180, 240, 300].map((a) => {
      const r = (Math.PI / 180) * a;
      return `${(x + R * Math.cos(r)).toFixed(1)},${(y + R * Math.sin(r)).toFixed(1)}`;
    }).join(" ");
  }

  function draw(board, {legal = {}, targets = {}, zones = [], onHex = null} = {}) {
    const map = board.map;
    const svg = $("c-map");
    svg.setAttribute("width", Math.ceil(1.5 * R * map.width + R / 2 + 2));
    svg.setAttribute("height", Math.ceil(W * map.height + W / 2 + 2));
    const terrain = {};
    map.terrain.forEach(([c, r, t]) => { terrain[`${c},${r}`] = t; });
    const zone = new Set(zones.map(key));
    const moves = {};
    (legal[selected] || []).forEach(([c, r, cost]) => { moves[`${c},${r}`] = cost; });
    const children = [];
    for (let c = 1; c <= map.width; c++) {
      for (let r = 1; r <= map.height; r++) {
        const k = `${c},${r}`;
        const kind = terrain[k] || "open";
        const classes = ["hex", kind, zone.has(k) ? "zoc" : "", k in moves ? "legal" : "", k in targets ? "target" : "",
                         selected === k ? "chosen" : ""].filter(Boolean).join(" ");
        const title = `${label([c, r])} ${map.names[kind]}${map.costs[kind] ? `, costs ${map.costs[kind]}` : ", impassable"}` +
          (k in moves ? ` · move here (${moves[k]})` : "") + (zone.has(k) ? " · enemy zone of control" : "");
        children.push(node("polygon", {points: corners(c, r), class: classes, "data-hex": k,
                                       onclick: onHex ? () => onHex([c, r]) : null}, node("title", {}, title)));
      }
    }
    const stacks = {};
    board.counters.forEach((counter) => { (stacks[key(counter.at)] = stacks[key(counter.at)] || []).push(counter); });
    Object.values(stacks).forEach((stack) => {
      stack.forEach((counter, i) => {
        const [x, y] = centre(...counter.at);
        const s = 2 * R * 0.62, dx = x - s / 2 + i * 3, dy = y - s / 2 - i * 3;
        const classes = ["counter", counter.side, selected === counter.id ? "selected" : "",
                         (board.moved || []).includes(counter.id) ? "moved" : ""].filter(Boolean).join(" ");
        const text = counter.hidden ? ["?", ""] :
          [counter.command ? "CM" : counter.name.slice(0, 5), `${counter.attack}-${counter.defense}-${counter.movement}`];
        const name = counter.hidden ? `an enemy stack out of sight (${counter.side})` :
          `${counter.name} (${counter.side}): attack ${counter.attack}, defense ${counter.defense}, movement ${counter.movement}` +
          (counter.command ? ", command" : "");
        children.push(node("g", {class: classes, "data-counter": counter.id},
          node("title", {}, name),
          node("rect", {x: dx, y: dy, width: s, height: s, rx: 2}),
          node("text", {x: dx + s / 2, y: dy + s * 0.4}, text[0]),
          node("text", {x: dx + s / 2, y: dy + s * 0.85, class: "fig"}, text[1])));
      });
    });
    svg.replaceChildren(...children);
  }

  function turnTrack(board) {
    const items = [];
    for (let t = 1; t <= board.turns; t++) {
      items.push(el("li", {class: t === board.turn ? "now" : t < board.turn ? "done" : null,
                           "aria-current": t === board.turn ? "step" : null}, String(t)));
    }
    $("c-turns").replaceChildren(...items);
  }

  // --- live play ---------------------------------------------------------------------------------------------------

  const sideName = (side) => (state.side_names && state.side_names[side]) ? `${state.side_names[side]} (${side})` : side;
  const mine = () => state.viewer_side && state.viewer_side === state.active && state.phase !== "over";
  const moving = () => state.phase === "movement" || state.phase === "setup";  // setup: placing on one's own edge

  function render() {
    const enemy = state.viewer_side ? state.sides.find((s) => s !== state.viewer_side) : null;
    const zones = enemy ? state.zones[enemy] : [];
    draw(state, {legal: state.legal, targets: mine() && state.phase === "combat" ? state.targets : {}, zones,
                 onHex: hexTapped});
    turnTrack(state);
    const status = state.phase === "over"
      ? `The battle is over: ${state.victor ? `${sideName(state.victor)} won` : "a draw"} (losses ${
        state.sides.map((s) => `${s} ${state.losses[s]} of ${state.start_units[s]}`).join(", ")}).`
      : `Turn ${state.turn} of ${state.turns}: ${sideName(state.active)}, ${state.phase} phase` +
        (mine() ? " — your move." : state.viewer_side ? " — waiting for the other side." : ".");
    $("c-status").textContent = status;
    $("c-end").hidden = !mine();
    $("c-end").textContent = {setup: "End setup", movement: "End movement", combat: "End combat"}[state.phase] || "";
    hint();
    $("c-log").replaceChildren(...state.log.slice().reverse().map((line) => el("li", {}, line.text)));
  }

  function hint() {
    let text = "";
    if (mine() && moving()) {
      const chosen = selected && state.counters.find((c) => c.id === selected);
      text = chosen && state.legal[selected] ? `${chosen.name} (${chosen.attack}-${chosen.defense}-${chosen.movement}) ` +
        "selected: tap a green hex to move there, tap the stack again for its next unit, or another unit."
        : Object.keys(state.legal).length ? "Tap one of your units to see where it can move." : "No unit can move; end the phase.";
    } else if (mine() && state.phase === "combat") {
      text = Object.keys(state.targets).length ? "Tap a red enemy hex to attack it." : "No attack is possible; end the phase.";
    }
    $("c-hint").textContent = text;
    $("c-attack").hidden = !(mine() && state.phase === "combat" && selected && state.targets[selected]);
  }

  // A stack is tapped as one (counters let taps through to their hex): each tap selects the next of its units that can
  // still move, since a phone cannot aim at a counter under another.
  function stackTapped(k) {
    const stack = state.counters.filter((c) => key(c.at) === k && state.legal[c.id]).map((c) => c.id);
    if (!stack.length) {
      if (state.counters.some((c) => key(c.at) === k && c.side === state.viewer_side)) {
        $("c-hint").textContent = "No unit in this hex can move now.";
      }
      return;
    }
    selected = stack[(stack.indexOf(selected) + 1) % stack.length];
    render();
  }

  async function hexTapped(at) {
    if (!mine()) return;
    const k = key(at);
    if (moving() && selected && (state.legal[selected] || []).some(([c, r]) => c === at[0] && r === at[1])) {
      const counter = selected;
      selected = null;
      await send({kind: "move", counter, to: at});
    } else if (moving()) {
      stackTapped(k);
    } else if (state.phase === "combat" && state.targets[k]) {
      selected = k;
      render();
      chooseAttackers(k);
    }
  }

  function chooseAttackers(k) {
    const names = Object.fromEntries(state.counters.filter((c) => !c.hidden).map((c) => [c.id, c]));
    $("c-attackers").replaceChildren(...state.targets[k].map((id) => el("label", {},
      el("input", {type: "checkbox", value: id, checked: true, onchange: () => odds(k)}),
      `${names[id].name} (${names[id].attack}-${names[id].defense}-${names[id].movement}) at ${label(names[id].at)}`)));
    odds(k);
  }

  const chosenAttackers = () => [...document.querySelectorAll("#c-attackers input:checked")].map((i) => i.value);

  async function odds(k) {
    const attackers = chosenAttackers();
    $("c-attack-go").disabled = !attackers.length;
    if (!attackers.length) { $("c-odds").textContent = "Choose at least one attacker."; return; }
    try {
      const o = await http.get(`${api}odds?target=${k}&attackers=${attackers.join(",")}`);
      $("c-odds").textContent = `Odds ${o.odds}: ${o.attack} attack to ${o.defense} defense, rounded to ${o.rounded}` +
        `${o.commanded ? " in your favour (your command is near)" : " in the defender's favour"}` +
        `${o.shift ? `, shifted ${o.shift} for the defender's terrain` : ""}.`;
    } catch (error) { $("c-odds").textContent = error.message; }
  }

  function rollDie(roll, result) {
    const box = $("c-die");
    box.hidden = false;
    box.classList.add("rolling");
    $("c-die-result").textContent = "";
    let n = 0;
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        $("c-die-face").textContent = DIE[n++ % 6];
        if (n > 8) {
          clearInterval(timer);
          box.classList.remove("rolling");
          $("c-die-face").textContent = DIE[roll - 1];
          $("c-die-result").textContent = `Rolled ${roll}: ${result}`;
          resolve();
        }
      }, 90);
    });
  }

  async function send(action) {
    $("c-error").textContent = "";
    try {
      const before = state.log.length;
      const fresh = await http.post(`${api}act`, {action});
      const attack = fresh.log.slice(before).find((line) => line.type === "CenturionAttacked");
      if (attack) await rollDie(attack.roll, attack.result);
      show(fresh);
    } catch (error) {
      $("c-error").textContent = error.message;
      await refresh();
    }
  }

  function show(fresh) {
    if (state && fresh.version < state.version) return;
    const attack = state && fresh.log.slice(state.log.length).find((line) => line.type === "CenturionAttacked");
    state = fresh;
    if (selected && !(state.legal[selected] || state.targets[selected])) selected = null;
    render();
    if (attack && state.viewer_side !== attack.side) rollDie(attack.roll, attack.result);
  }

  async function refresh() {
    try { show(await http.get(api)); } catch (error) { $("c-error").textContent = error.message; }
  }

  function tick() {
    if (!state || !state.deadline) { $("c-clock").textContent = ""; return; }
    const left = Math.max(0, Math.round((new Date(state.deadline) - Date.now()) / 1000));
    const what = state.out_of_time === "bot" ? "the bot plays the phase" : "the phase is passed";
    $("c-clock").textContent = `Clock: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left for this ` +
      `phase; then ${what}.`;
  }

  let retry = 500;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/campaigns/${root.dataset.campaign}/`);
    socket.onopen = () => { retry = 500; refresh(); };  // reconnecting resumes where the battle stands
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "battle" && String(data.battle_id) === root.dataset.battle && data.version > state.version) refresh();
    };
    socket.onclose = () => { setTimeout(connect, retry); retry = Math.min(retry * 2, 15000); };
  }

  function gmForms() {
    const clock = $("c-clock-form");
    if (!clock) return;
    clock.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      $("c-clock-msg").textContent = "";
      try {
        show(await http.post(`${api}clock`, {minutes: Number($("c-minutes").value), out_of_time: $("c-out").value,
                                             reason: $("c-reason").value}));
        $("c-clock-msg").textContent = "The clock is set.";
      } catch (error) { $("c-clock-msg").textContent = error.message; }
    });
    $("c-map-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      $("c-map-msg").textContent = "";
      try {
        show(await http.post(`${api}map`, {map_kind: $("c-map-kind").value, reason: $("c-map-reason").value}));
        $("c-map-msg").textContent = "The counters are set up on the new map.";
      } catch (error) { $("c-map-msg").textContent = error.message; }
    });
    $("c-publish-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      try {
        show(await http.post(`${api}publish`, {delay_steps: Number($("c-delay").value)}));
        $("c-publish-msg").textContent = "Published: spectators can watch (after the delay).";
      } catch (error) { $("c-publish-msg").textContent = error.message; }
    });
  }

  // --- replay ---------------------------------------------------------------------------------------------------------

  function replay(events) {
    const setup = events.find((e) => e.type === "CenturionSetUp").payload;
    const frames = events.filter((e) => ["CenturionMoved", "CenturionAttacked", "CenturionEnded"].includes(e.type));
    let current = 0;
    function boardAt(index) {
      const counters = Object.fromEntries(setup.counters.map((c) => [c.id, {...c, hidden: false}]));
      let turn = 1;
      frames.slice(0, index).forEach(({type, payload: p}) => {
        turn = p.turn || turn;
        if (type === "CenturionMoved") counters[p.counter].at = p.to;
        if (type === "CenturionAttacked") {
          p.retreats.forEach((r) => { if (r.path.length) r.counters.forEach((id) => { counters[id].at = r.path[r.path.length - 1]; }); });
          p.eliminated.forEach((id) => { delete counters[id]; });
        }
      });
      return {map: setup.map, counters: Object.values(counters).filter((c) => c.at), turn, turns: 10, moved: []};
    }
    function line({type, payload: p}) {
      if (type === "CenturionMoved") return `Turn ${p.turn}: ${p.name} (${p.side}) moves to ${label(p.to)}.`;
      if (type === "CenturionAttacked") {
        return `Turn ${p.turn}: ${p.side} attacks ${label(p.target)} at ${p.odds} (${p.attack} to ${p.defense}), rolls ` +
          `${p.roll}: ${p.result}${p.eliminated.length ? `; eliminated ${p.eliminated.join(", ")}` : ""}.`;
      }
      return `The battle ends after turn ${p.turn}: ${p.victor ? `${p.victor} wins` : "a draw"}.`;
    }
    function showFrame(index) {
      current = Math.max(0, Math.min(frames.length, index));
      const board = boardAt(current);
      const last = frames[current - 1];
      draw(board);
      turnTrack(board);
      $("c-status").textContent = current ? line(last) : "The counters as they were set up.";
      $("c-frame").textContent = `Move ${current} of ${frames.length}`;
    }
    const go = {first: () => 0, prev: () => current - 1, next: () => current + 1, last: () => frames.length};
    root.querySelectorAll("[data-move]").forEach((b) => b.addEventListener("click", () => showFrame(go[b.dataset.move]())));
    showFrame(0);
  }

  if (root.dataset.mode === "replay") {
    replay(JSON.parse($("centurion-events").textContent));
    return;
  }
  state = JSON.parse($("live-battle").textContent);
  render();
  $("c-end").addEventListener("click", () => { selected = null; send({kind: "end_phase"}); });
  $("c-attack-go").addEventListener("click", () => {
    const target = selected.split(",").map(Number);
    selected = null;
    send({kind: "attack", attackers: chosenAttackers(), target});
  });
  gmForms();
  setInterval(tick, 1000);
  // A missed push is caught up: within 5 s while the viewer waits on the other side, else within half a minute.
  let since = 0;
  setInterval(() => {
    since += 5;
    const waiting = state.phase !== "over" && !mine();
    if (since >= (waiting ? 5 : 30)) { since = 0; refresh(); }
  }, 5000);
  connect();
})();
