// A player's orders on the campaign page: the orders the server says are legal now, a free declaration,
// withdrawing an order, marking ready.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const choiceLabel = (name) => name.replace(/_id$/, "").replace(/_/g, " ");

  // An order keeps its idempotency key until the server acknowledges it, so a re-send after a dropped
  // connection is stored once.
  async function sendOrder(body) {
    for (let attempt = 0; ; attempt++) {
      try { return await CV.request("POST", CV.api("orders/"), body); }
      catch (e) {
        if (!(e instanceof TypeError) || attempt >= 4) throw e;  // TypeError: the network failed, retry
        await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
      }
    }
  }

  async function submitOrder(kind, payload) {
    const msg = $("#order-msg");
    const key = (crypto.randomUUID && crypto.randomUUID()) || `${Date.now()}-${Math.random()}`;
    msg.textContent = "Sending…";
    try {
      await sendOrder({round: CV.state.round, step: CV.state.step, kind, payload, idempotency_key: key});
      msg.textContent = "Order accepted.";
      loadOrders();
      return true;
    } catch (e) { msg.textContent = e.message; return false; }
  }

  // One small form per order the server says is legal now: fixed fields are shown, choices are offered.
  function legalOrderItem(legal) {
    const selects = Object.entries(legal.choices).map(([name, values]) => CV.el("select", {name},
      ...values.map((v) => new Option(String(v), JSON.stringify(v)))));
    const form = CV.el("form", {class: "row", onsubmit: async (ev) => {
      ev.preventDefault();
      const payload = {...legal.payload};
      selects.forEach((select) => { payload[select.name] = JSON.parse(select.value); });
      await submitOrder(legal.kind, payload);
    }},
    CV.el("strong", {}, `${legal.kind}: ${legal.label}`),
    ...selects.map((select) => CV.el("label", {}, `${choiceLabel(select.name)} `, select)),
    CV.el("button", {type: "submit"}, "Order"));
    return CV.el("li", {}, form);
  }

  async function loadOrders() {
    const [orders, legal] = await Promise.all([
      CV.request("GET", CV.api("orders/")), CV.request("GET", CV.api("legal-orders/"))]);
    $("#legal-orders").replaceChildren(...legal.filter((l) => l.kind !== "Declare").map(legalOrderItem));
    $("#my-orders").replaceChildren(...orders.map((o) => CV.el("li", {},
      `${o.kind}: ${o.payload.text || JSON.stringify(o.payload)} `,
      CV.state.status !== "open" ? null : CV.el("button", {
        type: "button", class: "link", "aria-label": `Withdraw ${o.kind} order`,
        onclick: async () => {
          try { await CV.request("DELETE", CV.api(`orders/${o.id}/`)); loadOrders(); }
          catch (e) { $("#order-msg").textContent = e.message; }
        },
      }, "Withdraw"))));
  }

  CV.on("state", (state) => {
    const open = state.step_kind === "orders" && state.status === "open";
    $("#order-form").hidden = !open;
    $("#legal-orders").hidden = !open;
    const note = $("#no-orders");
    note.hidden = open;
    note.textContent = state.status !== "open" ? "This step is closed: the GM is resolving it."
      : state.step_kind === "gm_ruling" ? "The rules leave this step to the GM, who may post a ruling to you."
      : "No orders in this step: it is resolved for every civilization at once.";
    loadOrders().catch(() => { /* shown again on the next state */ });
  });

  $("#order-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (await submitOrder("Declare", {text: $("#order-text").value})) $("#order-text").value = "";
  });
  $("#ready").addEventListener("click", async () => {
    const msg = $("#order-msg");
    try {
      await CV.request("POST", CV.api("ready/"), {round: CV.state.round, step: CV.state.step});
      msg.textContent = "You are marked ready.";
    } catch (e) { msg.textContent = e.message; }
  });
})();
