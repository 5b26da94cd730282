// Skirmishes: the GM's per-skirmish system and dice, and odds simulations whose progress arrives over the
// campaign websocket (only to the person who asked); a poll of the stored run covers a dropped socket.
(function () {
  "use strict";
  const campaignId = JSON.parse(document.getElementById("campaign-id").textContent);
  const api = (path) => `/api/campaigns/${campaignId}/${path}`;
  const runs = new Map();  // run id -> the form showing it
  const {el, http} = window.CV;

  const percent = (value) => `${(100 * value).toFixed(1)}%`;
  const number = (value) => value.toLocaleString(undefined, {maximumFractionDigits: 1});

  function showRun(form, run) {
    const bar = form.querySelector("progress");
    const message = form.querySelector("[data-bind=odds-msg]");
    bar.hidden = false;
    bar.value = Math.round(100 * run.done / run.battles);
    if (run.status === "failed") { message.textContent = `The simulation failed: ${run.error}`; return; }
    if (run.status !== "done") { message.textContent = `Simulating… ${run.done} of ${run.battles} battles`; return; }
    bar.value = 100;
    message.textContent = `${run.battles} battles with ${run.result.system}; no victor in ` +
      `${percent(run.result.no_victor_chance)}.`;
    const table = form.querySelector("table");
    table.hidden = false;
    table.querySelector("tbody").replaceChildren(...run.result.sides.map((side) => el("tr", {},
      ...[side.side_id, percent(side.win_chance), number(side.expected_units_lost), number(side.expected_hp_lost)]
        .map((text) => el("td", {}, text)))));
    runs.delete(run.id);
  }

  async function poll(runId) {
    while (runs.has(runId)) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      if (!runs.has(runId)) return;
      try { showRun(runs.get(runId), await http.get(api(`odds/${runId}`))); } catch (e) { /* next time */ }
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/campaigns/${campaignId}/`);
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "odds" && runs.has(data.odds.id)) showRun(runs.get(data.odds.id), data.odds);
    };
    socket.onclose = () => setTimeout(connect, 2000);
  }

  document.querySelectorAll("[data-skirmish]").forEach((section) => {
    const skirmish = section.dataset.skirmish;
    const path = (what) => api(`skirmishes/${encodeURIComponent(skirmish)}/${what}`);
    const odds = section.querySelector(".odds-form");
    odds.addEventListener("submit", async (event) => {
      event.preventDefault();
      const message = odds.querySelector("[data-bind=odds-msg]");
      odds.querySelector("table").hidden = true;
      try {
        const run = await http.post(api("odds"), {
          skirmish_id: skirmish, system: odds.elements.system.value, battles: Number(odds.elements.battles.value),
        });
        runs.set(run.id, odds);
        showRun(odds, run);
        poll(run.id);
      } catch (error) { message.textContent = error.message; }
    });

    const setup = section.querySelector(".gm-setup");
    if (!setup) return;
    const say = (text) => { setup.querySelector("[data-bind=setup-msg]").textContent = text; };
    const showRolls = (setting) => {
      setup.querySelector("[data-bind=rolls]").textContent =
        `Entered so far: ${setting.entered_rolls.join(" ") || "none"}`;
    };
    setup.querySelector("[data-action=system]").addEventListener("change", async (event) => {
      try { const s = await http.post(path("system"), {system: event.target.value}); say(`Uses ${s.system}.`); }
      catch (error) { say(error.message); }
    });
    setup.querySelector("[data-action=dice]").addEventListener("change", async (event) => {
      try {
        const s = await http.post(path("dice"), {dice_mode: event.target.value});
        say(`Dice: ${s.dice_mode}.`); showRolls(s);
      } catch (error) { say(error.message); }
    });
    setup.querySelector("[data-action=add-rolls]").addEventListener("click", async () => {
      const input = setup.querySelector("[data-action=rolls]");
      const rolls = input.value.split(/[\s,]+/).filter(Boolean).map(Number);
      try {
        const s = await http.post(path("rolls"), {rolls});
        input.value = ""; showRolls(s); say(`${rolls.length} rolls added.`);
      } catch (error) { say(error.message); }
    });
  });
  if (document.querySelector("[data-skirmish]")) connect();
})();
