// On the campaign page: the Centurion battles being played that the viewer plays (or, the GM, watches), with a link
// to each, shown when one opens and gone when it is over.
(function () {
  "use strict";
  const {el, http} = window.CV;
  const box = document.getElementById("c-live-battles");
  if (!box) return;
  const CONCERNS = new Set(["CenturionBattleOpened", "CenturionOutOfTime", "SkirmishFought", "StepOpened"]);

  async function refresh() {
    if (!window.CV.state) return;
    const id = window.CV.state.id;
    try {
      const battles = (await http.get(`/api/campaigns/${id}/live-battles/`)).filter((b) => b.status === "playing");
      document.getElementById("c-live-battles-list").replaceChildren(...battles.map((b) => el("li", {},
        el("a", {href: `/campaigns/${id}/live-battles/${b.id}/`, "data-live-battle": b.id},
           `${b.mine ? "Play your" : "Watch the"} Centurion battle at ${b.sector}`))));
      box.hidden = !battles.length;
    } catch (error) { /* the page's own connection notice says when the server cannot be reached */ }
  }

  // The state comes again with every answer to a write; only a new step can open or close a battle.
  let drawn = "";
  window.CV.on("state", (state) => {
    const now = `${state.round}:${state.step}:${state.status}`;
    if (now !== drawn) { drawn = now; refresh(); }
  });
  window.CV.on("event", (event) => { if (CONCERNS.has(event.type)) refresh(); });
})();
