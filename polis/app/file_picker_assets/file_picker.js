// One file, picked or dropped, sent to Python as base64 in the component's state
// ("file": {name, size, data}); data is null for a file larger than the page accepts, so
// that Python can say so without receiving it. Every word comes from Python, translated.

function extension(name) {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot).toLowerCase();
}

function base64(buffer) {
  const bytes = new Uint8Array(buffer);
  let text = "";
  const step = 0x8000; // String.fromCharCode takes a bounded number of arguments
  for (let i = 0; i < bytes.length; i += step) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + step));
  }
  return btoa(text);
}

function showWords(root, data) {
  const words = data.words;
  const held = data.held;
  root.querySelector(".pf-label").textContent = words.label;
  root.querySelector(".pf-zone").setAttribute("aria-label", words.label);
  root.querySelector(".pf-hint").textContent = words.hint;
  root.querySelector(".pf-limits").textContent = words.limits;
  const browse = root.querySelector(".pf-browse");
  browse.textContent = words.button;
  browse.setAttribute("aria-label", `${words.button}: ${words.label}. ${words.limits}`);
  const input = root.querySelector(".pf-input");
  input.setAttribute("aria-label", words.label);
  input.setAttribute("accept", data.accept.join(","));
  const chip = root.querySelector(".pf-chip");
  chip.hidden = !held;
  if (held) {
    root.querySelector(".pf-name").textContent = held.name;
    root.querySelector(".pf-size").textContent = held.size;
    const remove = root.querySelector(".pf-remove");
    remove.setAttribute("aria-label", held.remove);
    remove.title = held.remove;
  }
}

function showProblem(root, text) {
  const problem = root.querySelector(".pf-problem");
  problem.textContent = text || "";
  problem.hidden = !text;
}

// Streamlit calls the function below again with each run's data, in the same element,
// and never calls what it returned: each call undoes the last one itself, or a click would
// reach the listeners of every earlier call
const undoLast = new WeakMap(); // parentElement -> what undoes the last call there

export default function (component) {
  const { data, parentElement, setStateValue } = component;
  const previous = undoLast.get(parentElement);
  if (previous) previous();
  const root = parentElement.querySelector(".pf");
  if (!root || !data) return undefined;
  showWords(root, data);
  const zone = root.querySelector(".pf-zone");
  const input = root.querySelector(".pf-input");
  const hint = root.querySelector(".pf-hint");
  const listening = new AbortController();
  const on = (element, event, handler) =>
    element.addEventListener(event, handler, { signal: listening.signal });

  const take = (file) => {
    if (!file) return;
    if (!data.accept.includes(extension(file.name))) {
      showProblem(root, data.words.wrong_type);
      return;
    }
    showProblem(root, "");
    if (file.size > data.max_bytes) {
      setStateValue("file", { name: file.name, size: file.size, data: null });
      return;
    }
    file.arrayBuffer().then(
      (buffer) => setStateValue("file", { name: file.name, size: file.size, data: base64(buffer) }),
      () => showProblem(root, data.words.unreadable),
    );
  };
  const overZone = (over) => {
    zone.classList.toggle("pf-over", over);
    hint.textContent = over ? data.words.over : data.words.hint;
  };

  on(root.querySelector(".pf-browse"), "click", () => input.click());
  on(input, "change", () => {
    take(input.files && input.files[0]);
    input.value = ""; // the same file picked again is a new pick
  });
  on(root.querySelector(".pf-remove"), "click", () => {
    showProblem(root, "");
    setStateValue("file", null);
  });
  on(zone, "dragenter", (event) => {
    event.preventDefault();
    overZone(true);
  });
  on(zone, "dragover", (event) => {
    event.preventDefault();
    overZone(true);
  });
  on(zone, "dragleave", (event) => {
    if (!zone.contains(event.relatedTarget)) overZone(false);
  });
  on(zone, "drop", (event) => {
    event.preventDefault();
    overZone(false);
    take(event.dataTransfer && event.dataTransfer.files[0]);
  });
  const undo = () => {
    listening.abort();
    undoLast.delete(parentElement);
  };
  undoLast.set(parentElement, undo);
  return undo;
}
