// On the campaign page: the Centurion battles being played that the viewer plays (or, the GM, watches), with a link
// to each, shown when one opens and gone when it is over.
(function () {
  "use strict";
  const CV = window.CV;
  const {el} = CV;
  const box = document.getElementById("c-live-battles");
  if (!box) return;
  // Read through the page's panel reads (one at a time, a moment after what asked, drawn only when changed): a new
  // step (the state's key) can open or close a battle, and these events say one opened, ran out of time or ended.
  CV.panelReads({
    fetch: async () => (await CV.read("live-battles/")).filter((b) => b.status === "playing"),
    draw: (battles) => {
      const id = CV.state.id;
      document.getElementById("c-live-battles-list").replaceChildren(...battles.map((b) => el("li", {},
        el("a", {href: `/campaigns/${id}/live-battles/${b.id}/`, "data-live-battle": b.id},
           `${b.mine ? "Play your" : "Watch the"} Centurion battle at ${b.sector}`))));
      box.hidden = !battles.length;
    },
    fail: () => { /* the page's own connection notice says when the server cannot be reached */ },
    changes: ["CenturionBattleOpened", "CenturionOutOfTime", "SkirmishFought"],
    stateKey: (state) => `${state.round}:${state.step}:${state.status}`,
  }).now();
})();
