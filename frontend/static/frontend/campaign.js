// The live campaign page: state from the REST API, pushes from the websocket, the event log as the record.
// A push with a gap in its sequence number, and every (re)connection, makes the page fetch what it missed.
(function () {
  "use strict";
  const initial = JSON.parse(document.getElementById("initial-state").textContent);
  const steps = JSON.parse(document.getElementById("round-steps").textContent);
  const campaignId = initial.id;
  const api = (path) => `/api/campaigns/${campaignId}/${path}`;
  let state = initial;
  let lastSeq = 0;
  let socket = null;
  let retryDelay = 500;
  let catchingUp = null;

  const $ = (sel) => document.querySelector(sel);
  const banner = $("#conn");

  function setConnected(ok, text) {
    banner.hidden = ok;
    banner.textContent = text || "Reconnecting…";
    document.body.dataset.live = ok ? "yes" : "no";
  }

  async function request(method, path, body) {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": window.CV.csrf},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = {error: `The server answered ${response.status}.`}; }
    if (!response.ok) throw new Error((data && data.error) || `The server answered ${response.status}.`);
    return data;
  }

  const describe = {
    CampaignCreated: (p) => `Campaign created (${p.date}).`,
    CivilizationJoined: (p) => `${p.name} joined the campaign.`,
    StepClosed: (p) => `Round ${p.round}: ${p.label} closed; resolving…`,
    StepResolved: (p) => `Round ${p.round}: ${p.label} resolved.`,
    StepOpened: (p) => `Now ${p.date}, ${p.label}.`,
    ResolutionFailed: (p) => `Resolving ${p.step} failed: ${p.reason}`,
    OrderAccepted: (p) => `Order accepted (${p.kind}).`,
    OrderWithdrawn: (p) => `Order withdrawn (${p.kind}).`,
    CivilizationReady: () => "Marked ready.",
    GmRuling: (p) => `GM ruling: ${p.text}`,
    ScenarioLoaded: (p) => `Scenario loaded: ${p.title}.`,
    VisibilityChanged: (p) => `Campaign is now ${p.is_public ? "public" : "private"}.`,
    DiceRolled: (p) => `Rolled d${p.sides} for ${p.purpose}: ${p.result}.`,
  };

  function appendLog(event) {
    const item = document.createElement("li");
    item.dataset.seq = event.seq;
    item.dataset.type = event.type;
    const text = (describe[event.type] || (() => event.type))(event.payload);
    item.textContent = `#${event.seq} ${text}`;
    $("#log").prepend(item);
  }

  function render() {
    document.querySelectorAll("[data-bind]").forEach((el) => {
      const key = el.dataset.bind;
      if (key === "round-label") el.textContent = `Round ${state.round}`;
      else if (key === "failure") { el.hidden = !state.failure; el.textContent = state.failure ? `Failed: ${state.failure}` : ""; }
      else if (key === "status") el.textContent = {open: "open for orders", resolving: "resolving…", failed: "failed"}[state.status] || state.status;
      else el.textContent = state[key] ?? "";
    });
    document.body.dataset.step = state.step;
    document.body.dataset.round = state.round;
    const civs = $("#civs");
    civs.replaceChildren(...state.civilizations.map((civ) => {
      const li = document.createElement("li");
      li.textContent = civ.name;
      if (civ.orders !== undefined) {
        const badge = document.createElement("span");
        badge.className = "badge";
        badge.textContent = civ.ready ? `ready · ${civ.orders} orders` : `${civ.orders} orders`;
        li.append(" ", badge);
      }
      return li;
    }));
    const pipeline = $("#pipeline");
    pipeline.replaceChildren(...steps.map((phase) => {
      const box = document.createElement("div");
      const title = document.createElement("h3");
      title.textContent = phase.title;
      const list = document.createElement("ol");
      phase.steps.forEach((s) => {
        const li = document.createElement("li");
        li.textContent = s.rule;
        if (s.kind === "gm_ruling") li.classList.add("todo");
        if (s.key === state.step) { li.classList.add("current"); li.setAttribute("aria-current", "step"); }
        list.append(li);
      });
      box.append(title, list);
      return box;
    }));
    const advance = $("#advance");
    if (advance) advance.disabled = state.status === "resolving";
    const orderForm = $("#order-form");
    if (orderForm) {
      const open = state.step_kind === "orders" && state.status === "open";
      orderForm.hidden = !open;
      $("#legal-orders").hidden = !open;
      const note = $("#no-orders");
      note.hidden = open;
      note.textContent = state.status !== "open" ? "This step is closed: the GM is resolving it."
        : state.step_kind === "gm_ruling" ? "The rules leave this step to the GM, who may post a ruling to you."
        : "No orders in this step: it is resolved for every civilization at once.";
    }
    const scenarioBox = $("#scenario-box");
    if (scenarioBox) scenarioBox.hidden = !state.can_load_scenario;
    const rulingCiv = $("#ruling-civ");
    if (rulingCiv && rulingCiv.options.length !== state.civilizations.length + 1) {
      rulingCiv.replaceChildren(new Option("Everyone (public)", ""),
        ...state.civilizations.map((civ) => new Option(civ.name, civ.id)));
    }
  }

  let refreshTimer = null;
  function refreshSoon() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(async () => {
      try { state = await request("GET", api("")); render(); loadOrders(); } catch (e) { /* the next push retries */ }
    }, 50);
  }

  function apply(event) {
    if (event.seq <= lastSeq) return;
    lastSeq = event.seq;
    appendLog(event);
    if (event.type === "StepOpened") {
      Object.assign(state, {round: event.payload.round, date: event.payload.date, step: event.payload.step,
                            step_label: event.payload.label, status: "open", failure: ""});
      render();
    }
    refreshSoon();
  }

  async function catchUp() {
    if (catchingUp) return catchingUp;
    catchingUp = (async () => {
      try {
        let more = true;
        while (more) {
          const data = await request("GET", api(`events/?since=${lastSeq}`));
          data.events.forEach(apply);
          more = data.events.length > 0 && lastSeq < data.last_seq;
        }
      } finally { catchingUp = null; }
    })();
    return catchingUp;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/campaigns/${campaignId}/`);
    socket.onopen = async () => {
      retryDelay = 500;
      try { await catchUp(); setConnected(true); refreshSoon(); } catch (e) { socket.close(); }
    };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "event") {
        if (data.event.seq > lastSeq + 1) catchUp(); else apply(data.event);
      } else if (data.type === "progress") {
        state.status = "resolving"; render();
      }
    };
    socket.onclose = () => {
      setConnected(false);
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 5000);
    };
  }

  // A phone waking up or coming back online reconnects at once instead of waiting for the back-off.
  function wake() {
    if (socket && socket.readyState === WebSocket.OPEN) catchUp();
    else if (socket && socket.readyState === WebSocket.CLOSED) { retryDelay = 500; connect(); }
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
  window.addEventListener("online", wake);

  const advance = $("#advance");
  if (advance) {
    advance.addEventListener("click", async () => {
      const msg = $("#advance-msg");
      advance.disabled = true;
      msg.textContent = "Closing the step…";
      try {
        state = await request("POST", api("advance/"), {round: state.round, step: state.step});
        msg.textContent = "Step closed; a worker is resolving it.";
        render();
      } catch (e) { msg.textContent = e.message; advance.disabled = false; }
    });
  }

  const choiceLabel = (name) => name.replace(/_id$/, "").replace(/_/g, " ");

  // One small form per order the server says is legal now: fixed fields are shown, choices are offered.
  function legalOrderItem(legal) {
    const li = document.createElement("li");
    const form = document.createElement("form");
    form.className = "row";
    const title = document.createElement("strong");
    title.textContent = `${legal.kind}: ${legal.label}`;
    form.append(title);
    const selects = Object.entries(legal.choices).map(([name, values]) => {
      const label = document.createElement("label");
      label.textContent = choiceLabel(name) + " ";
      const select = document.createElement("select");
      select.name = name;
      values.forEach((v) => select.append(new Option(String(v), JSON.stringify(v))));
      label.append(select);
      form.append(label);
      return select;
    });
    const button = document.createElement("button");
    button.type = "submit";
    button.textContent = "Order";
    form.append(button);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const payload = {...legal.payload};
      selects.forEach((select) => { payload[select.name] = JSON.parse(select.value); });
      await submitOrder(legal.kind, payload);
    });
    li.append(form);
    return li;
  }

  async function loadOrders() {
    const list = $("#my-orders");
    if (!list) return;
    const [orders, legal] = await Promise.all([request("GET", api("orders/")), request("GET", api("legal-orders/"))]);
    $("#legal-orders").replaceChildren(...legal.filter((l) => l.kind !== "Declare").map(legalOrderItem));
    list.replaceChildren(...orders.map((o) => {
      const li = document.createElement("li");
      li.textContent = `${o.kind}: ${o.payload.text || JSON.stringify(o.payload)} `;
      if (state.status === "open") {
        const withdraw = document.createElement("button");
        withdraw.type = "button";
        withdraw.className = "link";
        withdraw.textContent = "Withdraw";
        withdraw.setAttribute("aria-label", `Withdraw ${o.kind} order`);
        withdraw.addEventListener("click", async () => {
          try { await request("DELETE", api(`orders/${o.id}/`)); loadOrders(); }
          catch (e) { $("#order-msg").textContent = e.message; }
        });
        li.append(withdraw);
      }
      return li;
    }));
  }

  async function submitOrder(kind, payload) {
    const msg = $("#order-msg");
    const key = (crypto.randomUUID && crypto.randomUUID()) || `${Date.now()}-${Math.random()}`;
    msg.textContent = "Sending…";
    try {
      await sendOrder({round: state.round, step: state.step, kind, payload, idempotency_key: key});
      msg.textContent = "Order accepted.";
      loadOrders();
      return true;
    } catch (e) { msg.textContent = e.message; return false; }
  }

  // An order keeps its idempotency key until the server acknowledges it, so a re-send after a dropped
  // connection is stored once.
  async function sendOrder(body) {
    for (let attempt = 0; ; attempt++) {
      try { return await request("POST", api("orders/"), body); }
      catch (e) {
        if (!(e instanceof TypeError) || attempt >= 4) throw e;  // TypeError: the network failed, retry
        await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
      }
    }
  }

  const orderForm = $("#order-form");
  if (orderForm) {
    orderForm.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      if (await submitOrder("Declare", {text: $("#order-text").value})) $("#order-text").value = "";
    });
    $("#ready").addEventListener("click", async () => {
      const msg = $("#order-msg");
      try { await request("POST", api("ready/"), {round: state.round, step: state.step}); msg.textContent = "You are marked ready."; }
      catch (e) { msg.textContent = e.message; }
    });
  }

  const scenarioForm = $("#scenario-form");
  if (scenarioForm) {
    scenarioForm.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const msg = $("#scenario-msg");
      const file = $("#scenario-file").files[0];
      if (!file) { msg.textContent = "Choose a scenario file first."; return; }
      msg.textContent = "Loading…";
      try {
        state = await request("POST", api("scenario/"), {text: await file.text()});
        msg.textContent = "Scenario loaded.";
        render();
      } catch (e) { msg.textContent = e.message; }
    });
  }

  const rulingForm = $("#ruling-form");
  if (rulingForm) {
    rulingForm.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const civ = $("#ruling-civ").value;
      try {
        await request("POST", api("rulings/"), {civ_id: civ ? Number(civ) : null, text: $("#ruling-text").value});
        $("#ruling-msg").textContent = "Ruling posted.";
        $("#ruling-text").value = "";
      } catch (e) { $("#ruling-msg").textContent = e.message; }
    });
  }

  render();
  setConnected(false, "Connecting…");
  loadOrders();
  connect();
})();
