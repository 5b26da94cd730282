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
  let drawn = "";
  let timer = null;
  function readSoon() { clearTimeout(timer); timer = setTimeout(read, 150); }
  async function read() {
    try {
      data = await CV.http.get(CV.api("relations/"));
      const now = JSON.stringify(data);
      if (now === drawn) return;  // nothing new: a form being filled in stays as it is
      drawn = now;
      render();
    } catch (e) {
      $("#dp-msg").textContent = e.message;
    }
  }

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
      drawn = JSON.stringify(data);
      render();
      $("#dp-msg").textContent = "Stance set; both civilizations read it.";
    } catch (e) {
      ($(`#dp-stance-${e.field}-error`) || $("#dp-msg")).textContent = e.message;
    }
  });

  function render() {
    panel.hidden = !data.enabled || data.role === "spectator";
    if (panel.hidden) return;
    if (data.role === "gm") renderGm();
    else renderPlayer();
  }

  const CHANGES = new Set(["MessageDelivered", "GiftDelivered", "TreatyProposed", "TreatyAccepted", "TreatyDeclined",
    "TreatyLapsed", "TreatyBroken", "WarDeclared", "StanceSet", "TributePaid", "TradeOccurred", "SettingsChanged",
    "SettingsInForce"]);
  CV.on("event", (event) => { if (CHANGES.has(event.type) && !CV.catchingUp) readSoon(); });
  CV.on("caughtup", () => readSoon());
  read();
})();
