// The 已付 buttons (tonight's settle-up, the 赛季 view): each records its transfer (POST /api/paid). The 赛季
// view is fetched again whenever tonight's ledger changes (the page's own event stream). Every word comes
// from the server.
"use strict";
(() => {
  const lang = document.body.dataset.lang;
  const live = document.getElementById("live");
  const toast = document.getElementById("toast");
  let hide = 0;

  function say(text) {
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(hide);
    hide = setTimeout(() => { toast.hidden = true; }, 4000);
  }

  // who pays: this phone's name and page (tonight's page sets them), told to the other phones with the payment
  function who() {
    let name = "";
    try { name = localStorage.getItem("gangci-phone-name") || ""; } catch (e) { /* private mode */ }
    return { "X-Gangci-By": encodeURIComponent(name), "X-Gangci-Page": document.body.dataset.page || "" };
  }

  async function refresh() {
    if (!document.getElementById("season")) return; // tonight's page: its own script follows the ledger
    const response = await fetch(`/season/part?lang=${lang}`, { credentials: "same-origin" });
    if (response.ok) document.getElementById("season").innerHTML = await response.text();
  }

  // 已付 records a payment, 撤回 takes one back: each asks first ("老王 已付 小李 2410？")
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-paid], button[data-unpaid]");
    if (!button) return;
    if (button.dataset.ask && !confirm(button.dataset.ask)) return;
    const back = button.dataset.unpaid !== undefined;
    button.disabled = true;
    const response = await fetch(`/api/${back ? "unpaid" : "paid"}?lang=${lang}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...who() },
      body: back ? button.dataset.unpaid : button.dataset.paid,
    });
    const answer = await response.json().catch(() => ({}));
    say(response.ok ? answer.said : answer.error || String(response.status));
    if (!response.ok) button.disabled = false;
    await refresh();
  });

  if (!document.getElementById("season")) return;
  const source = new EventSource("/api/events");
  source.onmessage = () => { refresh(); };
  source.onopen = () => live.classList.remove("off");
  source.onerror = async () => {  // the server gone, or this link expired (the host made a new token): which?
    live.classList.add("off");
    const answer = await fetch(`/api/evening?lang=${lang}`, { credentials: "same-origin" }).catch(() => null);
    const data = answer && answer.status === 401 ? await answer.json().catch(() => ({})) : {};
    if (data.reason !== "expired") return;
    source.close();
    toast.textContent = data.error;  // stays: scan the new code
    toast.hidden = false;
  };
})();
