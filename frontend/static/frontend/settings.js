// The campaign's settings. Everyone: "Rules in force" (the values as this viewer may read them, the changes
// waiting for the next round, the history with the GM's reasons), kept live on the campaign page by the
// SettingsChanged / SettingsInForce events. The GM, on the settings page: a form built from the server's
// declarations (GET settings/), grouped, each setting saying what it does and when a change takes effect.
(function () {
  "use strict";
  const CV = window.CV;
  const el = CV.el;
  const panel = document.getElementById("rules-in-force");
  if (!panel) return;
  const url = `/api/campaigns/${panel.dataset.campaign}/settings/`;
  const full = panel.dataset.full === "yes";
  const embedded = document.getElementById("settings-data");
  let data = embedded ? JSON.parse(embedded.textContent) : null;

  const WHEN = {now: "Applies now", next_round: "Waits for the next round", before_start: "Before the Start only"};

  function when(setting) {
    if (setting.effect === "before_start") return data.started ? "Fixed: the campaign has started" : WHEN.before_start;
    if (setting.effect === "next_round" && !data.round_started) return "Applies now (the round has not begun)";
    return WHEN[setting.effect];
  }

  // --- read: the rules in force -----------------------------------------------------------------------------
  function changeLines(changes) {
    return el("ul", {class: "list"}, ...changes.map((c) => el("li", {}, `${c.label}: ${c.shown}`)));
  }

  function historyItem(h) {
    return el("li", {"data-version": h.version},
      el("div", {}, el("strong", {}, `Version ${h.version}`), ` · round ${h.round}, ${h.step}`,
        h.pending ? el("span", {class: "badge pending"}, ` waits for round ${h.round}`) : null),
      el("div", {class: "reason"}, `Reason: ${h.reason}`), changeLines(h.changes));
  }

  function renderRules() {
    const box = panel.querySelector("[data-rules]");
    const byGroup = data.groups.map((group) => {
      // A module's options only while it is on.
      const rows = data.settings.filter((s) => s.group === group.key && (!s.module || data.in_force[s.module]));
      return el("div", {class: "rules-group", "data-group": group.key},
        el("h3", {}, group.title),
        el("dl", {class: "rules"}, ...rows.flatMap((s) => [
          el("dt", {}, s.label), el("dd", {"data-setting": s.key}, data.in_force_shown[s.key])])));
    });
    const pending = data.pending.length ? el("div", {class: "rules-pending", role: "note"},
      el("h3", {}, "Waiting for the next round"), el("ol", {class: "rules-history"}, ...data.pending.map(historyItem)))
      : null;
    const history = full ? data.history : data.history.slice(0, 3);
    // replaceChildren, unlike CV.el, would write a missing part as the text "null".
    box.replaceChildren(...[
      pending,
      el("details", {class: "rules-groups", open: full}, el("summary", {}, "Every setting"), ...byGroup),
      el("h3", {}, full ? "Every change, with the GM's reason" : "Latest changes"),
      el("ol", {class: "rules-history"}, ...history.map(historyItem))].filter(Boolean));
  }

  async function reload() {
    data = await CV.http.get(url);
    renderRules();
    if (form) renderForm();
  }

  // --- the GM's form ------------------------------------------------------------------------------------------
  const form = document.getElementById("settings-form");
  let edited = {};

  const civName = (id) => (data.civilizations.find((c) => c.id === Number(id)) || {name: `#${id}`}).name;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  function setValue(key, value) {
    if (same(value, data.in_force[key])) delete edited[key]; else edited[key] = value;
    showModuleOptions(key);
    renderSummary();
  }

  // A module's options are shown while the module is (to be) switched on.
  function showModuleOptions(module) {
    const on = Boolean(module in edited ? edited[module] : data.in_force[module]);
    document.querySelectorAll(`#settings-groups [data-module="${module}"]`).forEach((row) => { row.hidden = !on; });
  }

  function control(setting) {
    const id = `s-${setting.key}`;
    const value = setting.key in edited ? edited[setting.key] : data.in_force[setting.key];
    const fixed = setting.effect === "before_start" && data.started;
    if (setting.kind === "bool") {
      return el("input", {id, type: "checkbox", checked: Boolean(value), disabled: fixed,
        onchange: (e) => setValue(setting.key, e.target.checked)});
    }
    if (setting.kind === "choice") {
      return el("select", {id, disabled: fixed, onchange: (e) => setValue(setting.key, e.target.value)},
        ...setting.choices.map((c) => el("option", {value: c.value, selected: c.value === value}, c.label)));
    }
    if (setting.kind === "int") {
      return el("input", {id, type: "number", inputmode: "numeric", min: setting.minimum, max: setting.maximum,
        value: value === null ? "" : value, placeholder: setting.optional ? "not used" : null,
        oninput: (e) => setValue(setting.key, e.target.value === "" ? (setting.optional ? null : "")
          : Number(e.target.value))});
    }
    if (setting.kind === "minutes_per_step") {
      return el("div", {id, class: "per-step"}, ...data.order_steps.map((step) => el("label", {},
        el("span", {}, step.label),
        el("input", {type: "number", inputmode: "numeric", min: setting.minimum, max: setting.maximum,
          placeholder: "none", "data-step": step.key, value: value[step.key] ?? "",
          oninput: () => {
            const minutes = {};
            document.querySelectorAll(`#${id} input`).forEach((input) => {
              if (input.value !== "") minutes[input.dataset.step] = Number(input.value);
            });
            setValue(setting.key, minutes);
          }}))));
    }
    if (setting.kind === "matrix") {
      const civs = data.civilizations;
      const pairs = civs.flatMap((a, i) => civs.slice(i + 1).map((b) => [a.id, b.id]));
      if (!pairs.length) return el("p", {id, class: "muted"}, "Two civilizations must join first.");
      const isAtWar = (p) => value.some((q) => q[0] === p[0] && q[1] === p[1]);
      return el("div", {id, class: "pairs"}, ...pairs.map((p) => el("label", {},
        el("input", {type: "checkbox", checked: isAtWar(p), "data-pair": p.join(","),
          onchange: () => setValue(setting.key, [...document.querySelectorAll(`#${id} input:checked`)]
            .map((input) => input.dataset.pair.split(",").map(Number)))}),
        ` ${civName(p[0])} and ${civName(p[1])}`)));
    }
    // per_civ: a choice for each civilization; only the ones off the first (default) choice are stored
    if (!data.civilizations.length) return el("p", {id, class: "muted"}, "No civilization has joined yet.");
    return el("div", {id, class: "per-civ"}, ...data.civilizations.map((civ) => el("label", {},
      el("span", {}, civ.name),
      el("select", {"data-civ": civ.id, onchange: () => {
        const chosen = {};
        document.querySelectorAll(`#${id} select`).forEach((select) => {
          if (select.value !== setting.choices[0].value) chosen[select.dataset.civ] = select.value;
        });
        setValue(setting.key, chosen);
      }}, ...setting.choices.map((c) => el("option", {value: c.value,
        selected: (value[String(civ.id)] || setting.choices[0].value) === c.value}, c.label))))));
  }

  function settingRow(setting) {
    const id = `s-${setting.key}`;
    const label = setting.kind === "bool"
      ? el("label", {for: id, class: "check"}, control(setting), ` ${setting.label}`)
      : el("div", {class: "field"}, el("label", {for: id}, setting.label), control(setting));
    return el("div", {class: `setting${setting.module ? " module-option" : ""}`, "data-key": setting.key,
      "data-module": setting.module || null},
      label,
      el("p", {class: "help muted"}, setting.help),
      el("p", {class: "when"}, el("span", {class: `badge effect-${setting.effect}`}, when(setting))),
      el("span", {class: "error", "data-error-for": setting.key, role: "alert"}));
  }

  function renderForm() {
    edited = {};
    document.getElementById("settings-groups").replaceChildren(...data.groups.map((group) =>
      el("fieldset", {class: "panel settings-group", "data-group": group.key},
        el("legend", {}, group.title), el("p", {class: "muted"}, group.help),
        ...data.settings.filter((s) => s.group === group.key).map(settingRow))));
    data.settings.filter((s) => s.module).forEach((s) => showModuleOptions(s.module));
    renderSummary();
  }

  function renderSummary() {
    const keys = Object.keys(edited);
    const byKey = Object.fromEntries(data.settings.map((s) => [s.key, s]));
    document.getElementById("settings-summary").replaceChildren(...(keys.length ? keys.map((key) => {
      const setting = byKey[key];
      const waits = setting.effect === "next_round" && data.round_started;
      return el("li", {}, `${setting.label}: ${waits ? "from the next round" : "now"}`);
    }) : [el("li", {class: "muted"}, "Nothing changed yet.")]));
  }

  function showError(field, message) {
    // "changes.wars[0]" or "changes.deadline_minutes.explore.7" belong to the setting "wars" / "deadline_minutes".
    const key = field && field.startsWith("changes.") ? field.slice(8).split(/[.[]/)[0] : field;
    const slot = form.querySelector(`[data-error-for="${key}"]`);
    if (slot) {
      slot.textContent = message;
      const row = slot.closest(".setting");
      if (row) row.scrollIntoView({block: "center"});
    } else {
      document.getElementById("settings-msg").textContent = message;
    }
  }

  if (form) {
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      form.querySelectorAll("[data-error-for]").forEach((slot) => { slot.textContent = ""; });
      const msg = document.getElementById("settings-msg");
      msg.textContent = "";
      if (!Object.keys(edited).length) { msg.textContent = "Change a setting first."; return; }
      const button = document.getElementById("settings-save");
      button.disabled = true;
      msg.textContent = "Saving…";
      try {
        const reason = document.getElementById("settings-reason").value;
        const waiting = Object.keys(edited).some((key) =>
          data.settings.find((s) => s.key === key).effect === "next_round" && data.round_started);
        data = await CV.http.post(url, {changes: edited, reason});
        document.getElementById("settings-reason").value = "";
        renderRules();
        renderForm();
        msg.textContent = waiting ? "Saved. Some changes wait for the next round; the players have been told."
          : "Saved and in force; the players have been told.";
      } catch (error) {
        msg.textContent = "";
        if (!(error instanceof CV.http.Error)) throw error;
        showError(error.field, error.message);
      } finally {
        button.disabled = false;
      }
    });
  }

  if (data) {
    renderRules();
    if (form) renderForm();
  } else {
    reload();
  }
  // On the campaign page the websocket brings each change: read the settings again, as this viewer may (the page's
  // state, whose figures read settings too, is read again by campaign.js on the same events).
  if (CV.on) {
    CV.on("event", (event) => {
      if (event.type === "SettingsChanged" || event.type === "SettingsInForce") reload();
    });
  }
})();
