// Research on the campaign page (issue 14), from GET research/ (what the server lets this viewer read).
// A player: their projects with the next roll's odds (and the odds at another funding, GET research/odds/), the tech
// tree as a picture (known, in progress with its chance, available next, locked) and every roll.
// The GM: every civilization's technologies and projects, a catastrophe's proposed severity to confirm or change with
// a reason, a discovery to grant, a civilization's technologies to publish. A spectator: what the GM published.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  const svg = CV.svg;
  const panel = $("#rs");
  if (!panel) return;

  let data = null;
  const problem = (e) => (e.field ? `${e.field}: ${e.message}` : e.message);

  function chanceText(c) {
    return `${c.spent.toLocaleString()} MU on this success: ${c.chance}% (${c.base}% table + ${c.bonus}% stations)`;
  }

  // --- a player ---------------------------------------------------------------------------------------------------
  function oddsForm(p) {
    const out = el("p", {class: "rs-odds", role: "status", "aria-live": "polite"});
    const mu = el("input", {type: "number", min: "0", step: "1", id: `rs-mu-${p.project_id}`, value: p.mu_per_round,
      inputmode: "numeric"});
    const show = async () => {
      const value = Number(mu.value);
      if (!Number.isInteger(value) || value < 0) { out.textContent = "MU a round: a whole number from 0."; return; }
      try {
        const c = await CV.http.get(CV.api(`research/odds/?project_id=${p.project_id}&mu=${value}`));
        out.textContent = `At ${value.toLocaleString()} MU a round the next roll has ${c.chance}% ` +
          `(${c.spent.toLocaleString()} MU on this success; ${c.base}% + ${c.bonus}%).`;
      } catch (e) { out.textContent = problem(e); }
    };
    mu.addEventListener("input", show);
    return el("div", {class: "field"},
      el("label", {for: `rs-mu-${p.project_id}`}, "Odds at MU a round"), mu, out);
  }
  function projectCard(p) {
    const lines = [
      el("h4", {}, `${p.tech_name} — ${p.successes} of ${p.needed} successes`),
      el("p", {}, `At ${p.where}; ${p.mu_per_round.toLocaleString()} MU a round; ${p.stations} science stations` +
        (p.scientists ? `, ${p.scientists} gifted scientists` : "")),
    ];
    if (p.next_chance) lines.push(el("p", {class: "rs-odds", "data-next-chance": p.next_chance.chance},
      `Next roll: ${chanceText(p.next_chance)}`), oddsForm(p));
    else lines.push(el("p", {}, `Alpha Centauri Research table; ${p.extra_rolls} extra rolls bought`));
    if (p.catastrophe) lines.push(el("p", {class: "rs-catastrophe"},
      `Catastrophe: proposed ${p.catastrophe}, waiting for the GM's ruling`));
    return el("li", {"data-project": p.project_id}, ...lines);
  }

  const NODE_W = 150, NODE_H = 30, GAP_X = 40, GAP_Y = 10, PAD = 8;
  function drawTree(tree) {
    const box = $("#rs-tree");
    box.replaceChildren();
    const rows = [];
    const where = {};
    for (const node of tree.nodes) {
      rows[node.column] = rows[node.column] || [];
      where[node.key] = [node.column, rows[node.column].length];
      rows[node.column].push(node);
    }
    const height = Math.max(...rows.map((r) => (r ? r.length : 0)), 1);
    const at = (key) => {
      const [c, r] = where[key];
      return [PAD + c * (NODE_W + GAP_X), PAD + r * (NODE_H + GAP_Y)];
    };
    const picture = svg("svg", {width: PAD * 2 + tree.columns * (NODE_W + GAP_X) - GAP_X,
      height: PAD * 2 + height * (NODE_H + GAP_Y) - GAP_Y, "aria-hidden": "true"});
    for (const node of tree.nodes) {
      for (const required of node.requires) {
        if (!where[required]) continue;
        const [x1, y1] = at(required);
        const [x2, y2] = at(node.key);
        picture.append(svg("path", {class: "rs-edge",
          d: `M${x1 + NODE_W},${y1 + NODE_H / 2} C${x1 + NODE_W + GAP_X / 2},${y1 + NODE_H / 2} ` +
            `${x2 - GAP_X / 2},${y2 + NODE_H / 2} ${x2},${y2 + NODE_H / 2}`}));
      }
    }
    const text = $("#rs-tree-text");
    text.replaceChildren();
    for (const node of tree.nodes) {
      const [x, y] = at(node.key);
      // The chance first, so a long name cut short never hides it.
      const label = node.status === "in_progress" && node.chance !== undefined
        ? `${node.chance}% · ${node.name}` : node.name;
      const g = svg("g", {"data-tech": node.key, "data-status": node.status},
        svg("title", {}, `${node.name}: ${node.status.replace("_", " ")}; ${node.needed} successes` +
          (node.unlocks.length ? `; unlocks ${node.unlocks.join(", ")}` : "")),
        svg("rect", {x, y, width: NODE_W, height: NODE_H, rx: 4, "data-status": node.status}),
        svg("text", {x: x + 6, y: y + NODE_H / 2 + 4}, label.length > 24 ? `${label.slice(0, 23)}…` : label));
      picture.append(g);
      text.append(el("li", {}, `${node.name}: ${node.status.replace("_", " ")}` +
        (node.chance !== undefined ? `, next roll ${node.chance}%` : "")));
    }
    box.append(picture);
  }
  function renderPlayer() {
    $("#rs-player").hidden = false;
    $("#rs-projects").replaceChildren(...data.projects.map(projectCard));
    $("#rs-no-projects").hidden = data.projects.length > 0;
    drawTree(data.tree);
  }

  // --- the GM -----------------------------------------------------------------------------------------------------
  // A refusal stays next to its form when the overview is drawn again (a read the websocket triggers).
  const notes = {};
  async function post(path, body, msg, key) {
    msg.textContent = "Saving…";
    try {
      data = await CV.http.post(CV.api(path), body);
      delete notes[key];
      render();
      $("#rs-msg").textContent = "Recorded.";
    } catch (e) {
      notes[key] = problem(e);
      msg.textContent = notes[key];
    }
  }
  function catastropheForm(p) {
    const id = p.project_id;
    const msg = el("p", {class: "msg", role: "alert"}, notes[`catastrophe-${id}`] || "");
    const severity = el("select", {id: `rs-severity-${id}`},
      ...data.severities.map((s) => el("option", {value: s, selected: s === p.catastrophe}, s)));
    const reason = el("input", {type: "text", id: `rs-reason-${id}`});
    const form = el("form", {class: "stack", "data-catastrophe": id},
      el("p", {class: "rs-catastrophe"}, `Catastrophe at ${p.where}: proposed ${p.catastrophe}`),
      el("div", {class: "rs-inline"},
        el("div", {class: "field"}, el("label", {for: `rs-severity-${id}`}, "Severity"), severity),
        el("div", {class: "field"}, el("label", {for: `rs-reason-${id}`}, "Reason (to change it)"), reason)),
      el("div", {class: "row"}, el("button", {type: "submit"}, "Rule on the catastrophe")), msg);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      post("research/catastrophe/", {project_id: id, severity: severity.value, reason: reason.value}, msg,
        `catastrophe-${id}`);
    });
    return form;
  }
  function civCard(civ) {
    const msg = el("p", {class: "msg", role: "alert"}, notes[`publish-${civ.civ_id}`] || "");
    const publish = el("button", {type: "button"}, "Publish its technologies");
    publish.addEventListener("click", () => post("research/publish/", {civ_id: civ.civ_id}, msg,
      `publish-${civ.civ_id}`));
    return el("li", {"data-civ": civ.civ_id},
      el("h4", {}, `${civ.name} — technologies known: ${civ.techs.length}`),
      el("details", {}, el("summary", {}, "Known"), el("p", {}, civ.tech_names.join(", ") || "none")),
      ...civ.projects.map((p) => el("div", {"data-project": p.project_id},
        el("p", {}, `${p.tech_name}: ${p.successes}/${p.needed} at ${p.where}, ${p.mu_per_round} MU a round` +
          (p.next_chance ? `; next ${chanceText(p.next_chance)}` : "")),
        p.catastrophe ? catastropheForm(p) : "")),
      civ.seen.length ? el("p", {}, "Seen in action: ", ...civ.seen.map((seen) => {
        const grant = el("button", {type: "button", class: "secondary", "data-seen": seen.tech},
          `Grant ${seen.tech_name}`);
        grant.addEventListener("click", () => post("research/grant/", {civ_id: civ.civ_id, tech: seen.tech,
          reason: `Seen in action on ${seen.owner}'s ${seen.seen_on}`}, msg, `publish-${civ.civ_id}`));
        return grant;
      })) : "",
      el("div", {class: "row"}, publish), msg);
  }
  function renderGm() {
    $("#rs-gm").hidden = false;
    $("#rs-civs").replaceChildren(...data.civs.map(civCard));
    const select = $("#rs-grant-civ");
    const chosen = select.value;
    select.replaceChildren(...data.civs.map((c) => el("option", {value: c.civ_id}, c.name)));
    if (chosen) select.value = chosen;
    const tech = $("#rs-grant-tech");
    if (!tech.options.length) {
      tech.replaceChildren(...data.catalogue.map((t) => el("option", {value: t.key}, t.name)));
    }
  }
  $("#rs-grant").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    for (const f of ["civ", "tech", "reason"]) $(`#rs-grant-${f}-error`).textContent = "";
    try {
      data = await CV.http.post(CV.api("research/grant/"), {civ_id: Number($("#rs-grant-civ").value),
        tech: $("#rs-grant-tech").value, reason: $("#rs-grant-reason").value});
      render();
      $("#rs-msg").textContent = "Discovery granted.";
    } catch (e) {
      const target = $(`#rs-grant-${(e.field || "reason").replace("civ_id", "civ")}-error`) || $("#rs-msg");
      target.textContent = e.message;
    }
  });

  // --- a spectator ------------------------------------------------------------------------------------------------
  function renderSpectator() {
    $("#rs-spectator").hidden = false;
    $("#rs-published").replaceChildren(...data.published.map((p) => el("li", {},
      el("strong", {}, p.name), ` (round ${p.round}): ${p.techs.join(", ")}`)));
    $("#rs-none-published").hidden = data.published.length > 0;
  }

  function render() {
    panel.hidden = !data.enabled;
    if (!data.enabled) return;
    $("#rs-system").textContent = data.system_title;
    if (data.role === "gm") renderGm();
    else if (data.role === "player") renderPlayer();
    else renderSpectator();
    const history = data.history || [];
    $("#rs-history-box").hidden = data.role === "spectator";
    $("#rs-history").replaceChildren(...history.map((h) => el("li", {"data-type": h.type},
      `Round ${h.round}: ${h.description}`)));
  }

  CV.panelReads({
    fetch: () => CV.read("research/"),
    draw: (answer) => { data = answer; render(); },
    fail: (e) => { $("#rs-msg").textContent = e.message; },
    changes: ["ResearchStarted", "ResearchFunded", "ResearchMoved", "ResearchCancelled", "ResearchUnfunded",
      "ResearchRolled", "ResearchTableRolled", "TechnologyLearned", "ResearchCatastrophe", "CatastropheRuled",
      "ResearchAdjusted", "ResearchPublished", "TechnologyTransferred", "SettingsInForce", "SettingsChanged",
      "ResearchExtraRollsBought", "ResearchInterrupted"],
  }).now();
})();
