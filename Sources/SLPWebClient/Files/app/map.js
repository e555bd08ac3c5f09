// Who waits around me on a Leaflet map (global L, Debian's libjs-leaflet). Without tiles the
// map still reads: rings, the search radius, a scale and the markers on a plain background.
import { t } from './i18n.js';
import { h } from './dom.js';

const searchRadius = 700;
const rings = [200, 400];

export class AroundMap {
  constructor(element, onPick) {
    this.map = L.map(element, { zoomControl: true, keyboard: true }).setView([37.5665, 126.978], 15);
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(this.map);
    L.control.scale({ metric: true, imperial: false }).addTo(this.map);
    this.overlay = L.layerGroup().addTo(this.map);
    this.people = L.layerGroup().addTo(this.map);
    this.map.on('click', (event) => onPick(event.latlng.lat, event.latlng.lng));
    element.setAttribute('aria-label', t.map);
  }

  /** My place: a dot, the rings and the radius the search uses. */
  showMe(lat, long) {
    this.overlay.clearLayers();
    for (const radius of rings) {
      L.circle([lat, long], { radius, className: 'ring', interactive: false, fill: false }).addTo(this.overlay);
    }
    L.circle([lat, long], { radius: searchRadius, className: 'radius', interactive: false }).addTo(this.overlay);
    L.circleMarker([lat, long], { radius: 7, className: 'me-marker' })
      .bindTooltip(h('span', {}, t.me), { permanent: true, direction: 'top', className: 'me-label' })
      .addTo(this.overlay);
    this.map.setView([lat, long], 15);
  }

  /** Each person a marker: nick, studies and what we share (elements, never HTML from strangers). */
  showPeople(cards) {
    this.people.clearLayers();
    // Names stay on the map while they fit; in a crowd they show on hover and focus.
    const permanent = cards.length <= 30;
    for (const card of cards) {
      const shared = card.sharedStudies || [];
      const label = h('span', { className: 'person-label' },
        h('strong', {}, card.nick),
        h('span', {}, (card.studylist || []).join(', ')),
        shared.length ? h('span', { className: 'shared' }, `${t.shared}: ${shared.join(', ')}`) : null);
      L.circleMarker([card.lat, card.long], { radius: 8, className: shared.length ? 'person shares' : 'person' })
        .bindTooltip(label, { permanent, direction: 'right', className: 'person-tooltip' })
        .addTo(this.people);
    }
  }
}
