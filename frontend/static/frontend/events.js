// Events as every page shows them (player, GM, spectator): the server words each event for its viewer
// (`description`) and says whether it belongs in the chronicle (`chronicle`) or only moves the step indicator.
// The page never words an event itself.
(function () {
  "use strict";
  const CV = window.CV;
  const el = CV.el;
  // "explore.14" -> "Explore 14", from the round's steps the campaign page carries (read on first use).
  let stepLabels = null;
  const stepLabel = (key) => {
    stepLabels = stepLabels || new Map(CV.steps.flatMap((phase) =>
      phase.steps.map((step) => [step.key, `${phase.title} ${step.number}`])));
    return stepLabels.get(key);
  };
  // Where an event's line leads, for the events that have a page of their own.
  const LINKS = {
    BattlePublished: (event) => [`/campaigns/${CV.state.id}/battles/${event.payload.battle_id}/`, "Read the report"],
  };

  function when(event, withRound) {
    return [withRound ? `Round ${event.round}` : null, stepLabel(event.step)].filter(Boolean).join(" · ");
  }

  CV.events = {
    isChronicle: (event) => event.chronicle === true,
    // One list item: when (round and step; the step alone under a round's own heading), what, and a link if any.
    line(event, {withRound = true} = {}) {
      const link = LINKS[event.type] && LINKS[event.type](event);
      return el("li", {"data-seq": event.seq, "data-type": event.type, class: event.undone ? "undone" : null},
        el("span", {class: "when"}, `${when(event, withRound)}: `),
        el("span", {class: "what"}, event.description),
        link ? " " : null, link ? el("a", {href: link[0]}, link[1]) : null);
    },
  };
})();
