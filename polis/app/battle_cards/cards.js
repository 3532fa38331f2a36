// Combat cards. Python sends the faces, the legal pairs and every answer's result;
// this only draws them, keeps the player's picks and reports the two chosen cards.
// Every text arrives as data and is set with textContent (names may come from an upload).
const picks = new Map(); // token -> chosen hand card ids, kept across redraws

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardNode(face, data, clickable) {
  const node = el(clickable ? "button" : "div", "card" + (data.naval ? " naval" : ""));
  node.setAttribute("data-id", face.id);
  if (clickable) node.type = "button";
  node.appendChild(el("span", "formation", face.formation));
  if (face.meaning) node.appendChild(el("span", "meaning", face.meaning));
  const maneuver = el("span", "maneuver", face.maneuver);
  if (face.maneuver_meaning) maneuver.appendChild(el("span", "meaning", " · " + face.maneuver_meaning));
  node.appendChild(maneuver);
  node.appendChild(el("span", "value", face.value));
  if (face.special) node.appendChild(el("span", "special", face.special));
  if (face.note) node.appendChild(el("span", "note " + (face.good ? "good" : "bad"), face.note));
  node.setAttribute(
    "aria-label",
    [
      face.formation,
      face.meaning,
      face.maneuver,
      data.texts.value + " " + face.value,
      face.special,
      face.note,
    ]
      .filter((part) => part)
      .join(", ")
  );
  return node;
}

function typeOf(data, id) {
  const face = data.hand.find((f) => f.id === id);
  return face ? face.type : -1;
}

function pairKey(types, ordered) {
  const pair = ordered ? types.slice() : types.slice().sort((a, b) => a - b);
  return pair.join(",");
}

export default function (component) {
  const { data, parentElement, setStateValue } = component;
  let root = parentElement.querySelector(".polis-cards");
  if (!root) {
    root = el("div", "polis-cards");
    parentElement.appendChild(root);
  }
  root.replaceChildren();
  const chosen = picks.get(data.token) || [];
  picks.set(data.token, chosen);
  const legal = new Set(data.legal.map((p) => p.join(",")));
  const redraw = () => {
    root.replaceChildren();
    draw();
  };

  function draw() {
    const ordered = data.role === "defend";
    if (data.shown.length) {
      root.appendChild(el("div", "row-title", data.texts.shown));
      const row = el("div", "row pairs");
      data.shown.forEach((face, i) => {
        // each card shown with the answer beside it: two rows of cards, not three, so the
        // hand stays on a laptop's first screen
        const slot = el("div", "slot");
        const pair = el("div", "pair");
        pair.appendChild(cardNode(face, data, false));
        if (data.role === "defend") {
          const answerId = chosen[i];
          const both = chosen.length === 2 && chosen.every((c) => c !== undefined);
          const result = both ? data.previews[pairKey(chosen.map((id) => typeOf(data, id)), true)] : null;
          const answer = answerId ? data.hand.find((f) => f.id === answerId) : null;
          if (answer) {
            const node = cardNode(answer, data, true);
            node.setAttribute("data-id", "answer-" + i);
            node.classList.add("selected");
            node.onclick = () => {
              chosen.splice(i, 1, undefined);
              while (chosen.length && chosen[chosen.length - 1] === undefined) chosen.pop();
              redraw();
            };
            pair.appendChild(node);
            slot.appendChild(pair);
            if (result) {
              const met = result.answered[i];
              slot.appendChild(
                el("div", "verdict " + (met ? "good" : "bad"), met ? data.texts.answered : data.texts.unanswered)
              );
            }
          } else {
            pair.appendChild(el("div", "card empty", data.texts.pick_here));
            slot.appendChild(pair);
          }
        } else {
          slot.appendChild(pair);
        }
        row.appendChild(slot);
      });
      root.appendChild(row);
    }
    if (data.role === "attack" || data.role === "defend") {
      root.appendChild(el("div", "hint", data.texts[data.role]));
    }
    root.appendChild(el("div", "row-title", data.texts.your_hand));
    const hand = el("div", "row hand");
    data.hand.forEach((face) => {
      const picking = data.role === "attack" || data.role === "defend";
      const node = cardNode(face, data, picking);
      const at = chosen.indexOf(face.id);
      if (at >= 0) node.classList.add(data.role === "defend" ? "used" : "selected");
      if (picking) {
        node.onclick = () => {
          const where = chosen.indexOf(face.id);
          if (where >= 0) {
            chosen.splice(where, 1, undefined);
          } else {
            const free = chosen.findIndex((c) => c === undefined);
            if (free >= 0) chosen[free] = face.id;
            else if (chosen.length < 2) chosen.push(face.id);
            else chosen.splice(0, 2, chosen[1], face.id); // a third click replaces the oldest
          }
          while (chosen.length && chosen[chosen.length - 1] === undefined) chosen.pop();
          redraw();
        };
      }
      hand.appendChild(node);
    });
    root.appendChild(hand);
    if (data.role !== "attack" && data.role !== "defend") return;

    const full = chosen.length === 2 && chosen.every((c) => c !== undefined);
    const types = full ? chosen.map((id) => typeOf(data, id)) : [];
    const key = full ? pairKey(types, ordered) : "";
    const ok = full && legal.has(key);
    let said = "";
    if (full && !ok) said = data.texts.not_allowed;
    else if (ok && data.role === "defend") said = data.previews[key].text;
    const preview = el("div", "preview", said);
    preview.setAttribute("data-id", "card-preview");
    root.appendChild(preview);
    const actions = el("div", "actions");
    const send = el("button", "primary", data.role === "attack" ? data.texts.show : data.texts.answer);
    send.type = "button";
    send.disabled = !ok;
    send.setAttribute("data-id", "cards-send");
    send.onclick = () => {
      send.disabled = true;
      setStateValue("pick", { token: data.token, kind: data.role, types: types });
    };
    const clear = el("button", "", data.texts.clear);
    clear.type = "button";
    clear.setAttribute("data-id", "cards-clear");
    clear.onclick = () => {
      chosen.length = 0;
      redraw();
    };
    actions.appendChild(send);
    actions.appendChild(clear);
    root.appendChild(actions);
    if (data.rules && data.rules.length) {
      const rules = el("details", "rules");
      rules.setAttribute("data-id", "card-rules");
      rules.appendChild(el("summary", "", data.texts.rules_title));
      const list = el("ul");
      data.rules.forEach((line) => list.appendChild(el("li", "", line)));
      rules.appendChild(list);
      root.appendChild(rules);
    }
  }

  draw();
}
