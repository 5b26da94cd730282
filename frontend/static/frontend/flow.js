// The flow of a round on the campaign page (issue 13). The GM: what the open step waits for and on whom (live,
// from GET waiting/), and "Run to the next step that needs someone" with each step it resolves listed as it goes.
// A player: "Ready for the rest of <phase>" (POST ready-phase/), and when and why it was cleared.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  const gm = $("#flow-gm");
  const player = $("#flow-player");
  if (!gm && !player) return;

  // --- the GM -----------------------------------------------------------------------------------------------------
  let running = false;

  function renderWaiting(waiting) {
    $("#flow-summary").textContent = waiting.summary;
    $("#flow-summary").dataset.needsSomeone = waiting.needs_someone ? "yes" : "no";
    const rows = [
      ...waiting.players.map((civ) => el("li", {"data-civ": civ}, el("strong", {}, waiting.names[String(civ)]),
        ` — orders or ready (seat: ${waiting.seats[String(civ)]})`)),
      ...waiting.battle_choices.map((choice) => el("li", {"data-choice": choice.id},
        `A battle choice (${choice.kind}) in skirmish ${choice.skirmish_id}, until ${new Date(choice.deadline).toLocaleString()}`)),
      ...waiting.gm.map((reason) => el("li", {class: "flow-gm-reason"}, el("strong", {}, "You"), ` — ${reason}`)),
    ];
    $("#flow-who").replaceChildren(...rows);
    renderButton();
  }

  function renderButton() {
    const state = CV.state;
    // A failed resolution or a battle choice (the campaign waits as failed) ends what this page shows as running.
    if (["failed", "waiting", "ended"].includes(state.status)) running = false;
    $("#flow-run-on").disabled = running || state.status === "resolving" || state.status === "ended";
    $("#flow-auto").hidden = !(state.rule_options && state.rule_options.auto_run);
  }

  function progress(text) {
    $("#flow-progress").hidden = false;
    $("#flow-progress-text").textContent = text;
  }

  function gmEvent(event) {
    if (CV.catchingUp) return;
    if (event.type === "RunOnStarted") {
      running = true;
      $("#flow-progress-steps").replaceChildren();
      progress(`Running on from ${event.payload.label}…`);
    } else if (event.type === "StepResolved" && running) {
      $("#flow-progress-steps").append(el("li", {"data-step": event.payload.step}, `${event.payload.label} resolved`));
      progress(`Running on: ${$("#flow-progress-steps").children.length} step(s) resolved…`);
    } else if (event.type === "RunOnStopped") {
      running = false;
      const box = $("#flow-progress");
      box.dataset.stopped = event.payload.step;
      box.dataset.stops = String(Number(box.dataset.stops || 0) + 1);
      progress(`Stopped at ${event.payload.label}: ${event.payload.reason}`);
    }
    renderButton();
  }

  if (gm) {
    CV.on("event", gmEvent);
    $("#flow-run-on").addEventListener("click", async () => {
      const msg = $("#flow-msg");
      const button = $("#flow-run-on");
      running = true;  // until the run says where it stopped
      button.disabled = true;
      msg.textContent = `Resolving ${CV.state.step_label} and running on…`;
      try {
        const state = await CV.http.post(CV.api("run-on/"), {round: CV.state.round, step: CV.state.step});
        msg.textContent = "";
        CV.takeState(state);
      } catch (e) {
        msg.textContent = e.message;
        running = false;
      }
      renderButton();
    });
  }

  // --- a player ---------------------------------------------------------------------------------------------------
  let phaseReady = false;
  let phaseAnswer = {};  // the last answer drawn

  function renderPhase(answer) {
    phaseAnswer = answer;
    const phase = answer.phase_readiness;
    const title = phase.phase_title || CV.state.phase_title;
    const open = CV.state.status !== "ended";
    phaseReady = phase.ready;
    const button = $("#flow-phase-ready");
    button.hidden = !open;
    button.textContent = phase.ready ? `Not ready for the rest of ${title} after all` : `Ready for the rest of ${title}`;
    button.dataset.ready = phase.ready ? "yes" : "no";
    $("#flow-phase-state").textContent = phase.ready
      ? `You are ready for every step left in ${title}, unless something new concerns you (a new contact, a skirmish you are in, a message, a gift or a note for you).`
      : (answer.waiting_on_you ? "This step waits for your orders or your ready." : "");
    const cleared = phase.cleared;
    const box = $("#flow-phase-cleared");
    const recent = cleared && cleared.round === CV.state.round && cleared.payload.phase === phase.phase && !phase.ready;
    box.hidden = !recent;
    box.textContent = recent ? `Your ready for the rest of ${title} was cleared at ${cleared.payload.step}: ${cleared.payload.reason}` : "";
  }

  if (player) {
    $("#flow-phase-ready").addEventListener("click", async () => {
      const state = $("#flow-phase-state");
      try {
        // The POST answers the readiness alone: drawn with the rest of the last answer, as waiting/ would answer.
        const readiness = await CV.http.post(CV.api("ready-phase/"),
          {round: CV.state.round, step: CV.state.step, ready: !phaseReady});
        const answer = {...phaseAnswer, phase_readiness: readiness};
        reads.shown(answer);
        renderPhase(answer);
      } catch (e) { state.textContent = e.message; }
    });
  }

  if (gm) CV.on("state", renderButton);
  // One read at a time, on what changes what the step waits for: a new step or status (a failure, and its reason,
  // come with the state), readiness, battle choices and live battles, who holds a seat, the settings and the GM's
  // rolls. Not every event: an order does not (a step waits on a player until they are ready, whatever they
  // ordered), nor what the step's resolution tells.
  const reads = CV.panelReads({
    fetch: () => CV.read("waiting/"),
    draw: (answer) => { if (gm) renderWaiting(answer); else renderPhase(answer); },
    fail: (e) => { (gm ? $("#flow-summary") : $("#flow-phase-state")).textContent = e.message; },
    changes: ["CivilizationReady", "PhaseReadinessGiven", "PhaseReadinessCleared", "BattleChoiceAsked",
      "BattleChoiceAnswered", "CenturionBattleOpened", "CenturionEnded", "CenturionOutOfTime", "BattleEnded",
      "SeatHandedOver", "SeatTakenBack", "MemberRemoved", "CivilizationJoined", "SettingsChanged", "SettingsInForce",
      "DiceEntered"],
    stateKey: (state) => `${state.round}:${state.step}:${state.status}:${state.failure}`,
  });
})();
