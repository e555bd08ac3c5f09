// Placeholder until the page's own modules land (issue 52, "page").
document.getElementById("app").textContent = "SLP";
