// Relations on the campaign page (issue 16), from GET relations/ (what the server lets this viewer read), re-read on
// every diplomatic, trade or settings event. A player: each counterpart's stance, trade level, treaties, last trade
// income and thread, the proposals waiting. The GM: every pair and its thread, and a stance to set with a reason.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  const panel = $("#dp");
  if (!panel) return;

  let data = null;

  const stanceBadge = (r) => el("span", {class: "dp-stance", "data-stance": r.stance}, r.stance_label);
  function terms(r) {
    const parts = [];
    if (r.trade !== "none") parts.push(`${r.trade} trade (${r.trade_percent}%)`);
    const others = r.treaties.filter((t) => t !== "trade" && t !== "tribute");
    if (others.length) parts.push(`treaties: ${others.join(", ").replaceAll("_", " ")}`);
    if (r.tribute_mu) parts.push(`tribute ${r.tribute_mu} MU a quarter`);
    return parts.length ? parts.join("; ") : "no treaty";
  }
  function thread(name, items) {
    return el("details", {class: "dp-thread-box"},
      el("summary", {}, `Thread with ${name} (${items.length})`),
      el("ol", {class: "dp-thread plain"}, ...items.map((t) => el("li", {"data-type": t.type},
        `Round ${t.round}: ${t.description}`))));
  }

  function renderPlayer() {
    $("#dp-player").hidden = false;
    $("#dp-cap").textContent = data.cap_percent;
    $("#dp-income").textContent = `Trade income in the last Exploit: ${data.trade_income.toLocaleString()} MU`;
    $("#dp-counterparts").replaceChildren(...data.counterparts.map((c) => {
      const lines = [el("h3", {}, c.name, stanceBadge(c)), el("p", {}, terms(c))];
      if (c.tribute_mu) lines.push(el("p", {}, c.tribute_payer === data.civ_id
        ? `You pay them ${c.tribute_mu} MU a quarter.` : `They pay you ${c.tribute_mu} MU a quarter.`));
      if (c.terms) lines.push(el("p", {class: "muted"}, `Terms: ${c.terms}`));
      lines.push(el("p", {class: "dp-trade", "data-income": c.income ? c.income.mine : 0}, c.income
        ? `Trade in round ${c.income.round}: you gained ${c.income.mine} MU, they ${c.income.theirs} MU.`
        : "No trade with them yet."));
      for (const p of c.proposals) {
        const mine = p.from_civ === data.civ_id;
        lines.push(el("p", {class: "dp-waiting"}, mine
          ? `You proposed: ${p.label}${p.terms ? ` — ${p.terms}` : ""} (they answer in Explore 10).`
          : `They propose: ${p.label}${p.mu ? `, ${p.mu} MU a quarter` : ""}${p.terms ? ` — ${p.terms}` : ""} ` +
            "(answer in Explore 10)."));
      }
      lines.push(thread(c.name, c.thread));
      return el("li", {"data-civ": c.civ_id, "data-stance": c.stance}, ...lines);
    }));
  }

  function options(select, items) {
    const keep = select.value;
    select.replaceChildren(...items.map(([value, label]) => el("option", {value}, label)));
    if (keep && items.some(([value]) => String(value) === keep)) select.value = keep;
  }
  function renderGm() {
    $("#dp-gm").hidden = false;
    $("#dp-pairs").replaceChildren(...data.pairs.map((p) => el("li", {"data-pair": `${p.civ_a}-${p.civ_b}`},
      el("h3", {}, `${p.names[0]} and ${p.names[1]}`, stanceBadge(p)), el("p", {}, terms(p)),
      thread(`${p.names[0]} and ${p.names[1]}`, p.thread))));
    const civs = data.civs.map((c) => [c.civ_id, c.name]);
    options($("#dp-stance-civ_a"), civs);
    options($("#dp-stance-civ_b"), civs.slice(1).concat(civs.slice(0, 1)));
    options($("#dp-stance-stance"), data.stances.map((s) => [s, s]));
  }
  $("#dp-stance").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    for (const m of panel.querySelectorAll("#dp-stance .msg")) m.textContent = "";
    try {
      data = await CV.http.post(CV.api("relations/stance/"), {civ_a: Number($("#dp-stance-civ_a").value),
        civ_b: Number($("#dp-stance-civ_b").value), stance: $("#dp-stance-stance").value,
        reason: $("#dp-stance-reason").value});
      reads.shown(data);
      render();
      $("#dp-msg").textContent = "Stance set; both civilizations read it.";
    } catch (e) {
      ($(`#dp-stance-${e.field}-error`) || $("#dp-msg")).textContent = e.message;
    }
  });

  // A bar per major Social Factor, from 0 (negative scores to the left in red); the distance to each victory.
  function bars(s) {
    const top = Math.max(10, ...data.majors.map(([code]) => Math.abs(s.scores[code])));
    return el("div", {class: "dp-bars", role: "img", "aria-label": data.majors.map(([code, title]) =>
      `${title} ${s.scores[code]}`).join(", ")}, ...data.majors.flatMap(([code, title]) => {
      const v = s.scores[code];
      const width = `${(Math.abs(v) / top) * 50}%`;
      const bar = el("span", v < 0 ? {class: "neg", style: `right:50%;width:${width}`}
        : {style: `left:50%;width:${width}`});
      return [el("span", {}, title), el("div", {class: "dp-bar", "aria-hidden": "true"}, bar),
        el("span", {"data-score": code}, String(v))];
    }));
  }
  const VICTORY = {economic: "Economic", conquest: "Conquest", transcendence: "Transcendence"};
  function victoryLines(s) {
    return Object.entries(s.victory).map(([key, d]) => el("li", {"data-victory": key}, d.short === 0
      ? `${VICTORY[key]} victory: reached${key === "conquest" && !d.occupies ? " (a colony still to take)" : ""}`
      : `${VICTORY[key]} victory: ${d.short} more to go`));
  }
  // The faction's sheet as the round plays it: every modifier and restriction, open on the player's own page.
  function factionSheet(s) {
    const f = s.faction_sheet;
    if (!f) return "";
    return el("details", {class: "dp-faction", open: data.role !== "gm"},
      el("summary", {}, `${f.name} (${f.traits.join(", ")})`),
      el("ul", {class: "dp-modifiers"}, ...f.modifiers.map((m) => el("li", {}, m))));
  }
  function renderSocial() {
    $("#dp-social-box").hidden = !data.social.length;
    $("#dp-social").replaceChildren(...data.social.map((s) => el("div", {"data-civ": s.civ_id},
      data.role === "gm" ? el("h4", {}, s.name) : "", factionSheet(s),
      el("p", {class: "muted"}, s.cards.length ? `Social engineering: ${s.cards.join(", ")}` : "No social engineering"),
      s.sources.length ? el("p", {class: "muted dp-sources"}, `Also counted: ${s.sources.join("; ")}`) : "",
      bars(s), el("ul", {class: "dp-victory plain"}, ...victoryLines(s)))));
  }

  $("#dp-adjust").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    for (const m of panel.querySelectorAll("#dp-adjust .msg")) m.textContent = "";
    try {
      data = await CV.http.post(CV.api("relations/social/"), {civ_id: Number($("#dp-adjust-civ_id").value),
        code: $("#dp-adjust-code").value.trim().toUpperCase(), delta: Number($("#dp-adjust-delta").value),
        reason: $("#dp-adjust-reason").value});
      reads.shown(data);
      render();
      $("#dp-msg").textContent = "Score changed; the civilization reads it.";
    } catch (e) {
      ($(`#dp-adjust-${e.field}-error`) || $("#dp-msg")).textContent = e.message;
    }
  });

  function renderCouncil() {
    const c = data.council;
    $("#dp-council").hidden = !c;
    if (!c) return;
    $("#dp-governor").textContent = (c.governor
      ? `Planetary Governor: ${c.governor.name} (${c.governor.terms} Council(s) in a row; double income from trade pacts).`
      : "No Planetary Governor yet.") + ` The Council meets every ${c.every} round(s), in Exploit 1.`;
    $("#dp-tallies").replaceChildren(...(c.last ? c.last.tallies : []).map((t) => el("li", {"data-civ": t.civ_id},
      el("strong", {}, `${t.name}: ${t.votes} votes`), t.reasons.length ? ` — ${t.reasons.join(", ")}` : "")));
    const last = c.last_proposal;
    const voted = last ? `Round ${last.round}: ${last.name} ${last.passed ? "passed" : "was voted down"}, ` +
      `${last.yes} for, ${last.no} against (` + (last.ballots.map((b) =>
        `${b.name} ${b.ballot === "yes" ? "for" : "against"}, ${b.votes} votes`).join("; ") || "nobody voted") + ")." : "";
    $("#dp-proposal").textContent = c.proposal
      ? `Before the Council: ${c.proposal.name} (${c.proposal.effect}); vote in Explore 10. ${voted}`
      : voted || "No Proposal before the Council.";
  }

  function render() {
    panel.hidden = !data.enabled;
    if (panel.hidden) return;
    renderCouncil();
    if (data.role === "spectator") return;
    renderSocial();
    if (data.role === "gm") {
      renderGm();
      options($("#dp-adjust-civ_id"), data.civs.map((c) => [c.civ_id, c.name]));
    } else if (data.diplomacy) renderPlayer();
  }

  // An unchanged answer is not drawn again: a form being filled in stays as it is.
  const reads = CV.panelReads({
    fetch: () => CV.read("relations/"),
    draw: (answer) => { data = answer; render(); },
    fail: (e) => { $("#dp-msg").textContent = e.message; },
    changes: ["MessageDelivered", "GiftDelivered", "TreatyProposed", "TreatyAccepted", "TreatyDeclined", "TreatyLapsed",
      "TreatyBroken", "WarDeclared", "StanceSet", "TributePaid", "TradeOccurred", "SettingsChanged", "SettingsInForce",
      "SocialEngineered", "SocialFactorAdjusted", "CouncilVoted", "GovernorElected", "CouncilProposalMade",
      "CouncilProposalVoted", "FactionCardDrawn", "AttackPrevented"],
  });
  reads.now();
})();
