// The GM's controls on the campaign page: advance, scenario loading, rulings.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;

  CV.on("state", (state) => {
    $("#advance").disabled = state.status === "resolving";
    $("#scenario-box").hidden = !state.can_load_scenario;
    const rulingCiv = $("#ruling-civ");
    if (rulingCiv.options.length !== state.civilizations.length + 1) {
      rulingCiv.replaceChildren(new Option("Everyone (public)", ""),
        ...state.civilizations.map((civ) => new Option(civ.name, civ.id)));
    }
  });

  $("#advance").addEventListener("click", async () => {
    const msg = $("#advance-msg");
    $("#advance").disabled = true;
    msg.textContent = "Closing the step…";
    try {
      CV.state = await CV.request("POST", CV.api("advance/"), {round: CV.state.round, step: CV.state.step});
      msg.textContent = "Step closed; a worker is resolving it.";
      CV.refreshState();
    } catch (e) { msg.textContent = e.message; $("#advance").disabled = false; }
  });

  $("#scenario-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const msg = $("#scenario-msg");
    const file = $("#scenario-file").files[0];
    if (!file) { msg.textContent = "Choose a scenario file first."; return; }
    msg.textContent = "Loading…";
    try {
      await CV.request("POST", CV.api("scenario/"), {text: await file.text()});
      msg.textContent = "Scenario loaded.";
      CV.refreshState();
    } catch (e) { msg.textContent = e.message; }
  });

  $("#ruling-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const civ = $("#ruling-civ").value;
    try {
      await CV.request("POST", CV.api("rulings/"), {civ_id: civ ? Number(civ) : null, text: $("#ruling-text").value});
      $("#ruling-msg").textContent = "Ruling posted.";
      $("#ruling-text").value = "";
    } catch (e) { $("#ruling-msg").textContent = e.message; }
  });
})();
