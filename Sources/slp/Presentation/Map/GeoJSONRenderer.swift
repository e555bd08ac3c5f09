import SLPDomain
import SLPSupport

/// `slp search --geojson`: the search as an RFC 7946 FeatureCollection that GIS tools open as
/// it is: the search circle (a Polygon, or a MultiPolygon cut at the antimeridian), a Point per
/// person found, nearest first, and one for me (`"me": true`), drawn last so it stays on top.
struct GeoJSONRenderer {
    let format: OutputFormat

    func render(_ surroundings: Surroundings) -> Output {
        // Streamed as written: a city-scale search finds tens of thousands of people.
        return .success(json: JSONLine { writer in Self.write(surroundings, to: &writer) })
    }

    static func write(_ surroundings: Surroundings, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("type" as StaticString)
        writer.string("FeatureCollection")
        writer.key("features" as StaticString)
        writer.beginArray()
        let polygons = GeodesicCircle.polygons(center: surroundings.center, radius: surroundings.radius)
        feature(polygons.count == 1 ? "Polygon" : "MultiPolygon", to: &writer) { writer in
            writer.beginArray()
            for ring in polygons {
                if polygons.count > 1 { writer.beginArray() }
                writer.beginArray()
                for position in ring { pair(position[0], position[1], to: &writer) }
                writer.endArray()
                if polygons.count > 1 { writer.endArray() }
            }
            writer.endArray()
        } properties: { writer in
            writer.key("radius" as StaticString)
            writer.int(Int(surroundings.radius.rounded()))
        }
        let requested = Set(surroundings.result.fromQueueDBRequested.map(\.uid))
        let nearby = Set(surroundings.result.fromQueueDB.map(\.uid))
        // Those who asked me from outside the circle too: they are part of the answer.
        let people = surroundings.result.fromQueueDB + surroundings.result.fromQueueDBRequested.filter { !nearby.contains($0.uid) }
        for person in people {
            feature("Point", to: &writer) { writer in
                pair(person.coordinate.longitude, person.coordinate.latitude, to: &writer)
            } properties: { writer in
                writer.key("uid" as StaticString)
                writer.string(person.uid.rawValue)
                writer.key("nick" as StaticString)
                writer.string(person.nick.value)
                writer.key("distance" as StaticString)
                writer.int(Int(person.distance.rounded()))
                names("studylist", person.studies.studies, to: &writer)
                names("shared", person.sharedStudies, to: &writer)
                writer.key("requested" as StaticString)
                writer.bool(requested.contains(person.uid))
            }
        }
        feature("Point", to: &writer) { writer in
            pair(surroundings.center.longitude, surroundings.center.latitude, to: &writer)
        } properties: { writer in
            writer.key("me" as StaticString)
            writer.bool(true)
            writer.key("uid" as StaticString)
            writer.string(surroundings.me.rawValue)
            writer.key("nick" as StaticString)
            writer.string(surroundings.myNick.value)
            names("studylist", surroundings.myStudies?.studies ?? [], to: &writer)
        }
        writer.endArray()
        writer.endObject()
    }

    /// `{"type":"Feature","geometry":{"type":…,"coordinates":…},"properties":{…}}`.
    private static func feature(
        _ geometry: String, to writer: inout JSONWriter, coordinates: (inout JSONWriter) -> Void,
        properties: (inout JSONWriter) -> Void
    ) {
        writer.beginObject()
        writer.key("type" as StaticString)
        writer.string("Feature")
        writer.key("geometry" as StaticString)
        writer.beginObject()
        writer.key("type" as StaticString)
        writer.string(geometry)
        writer.key("coordinates" as StaticString)
        coordinates(&writer)
        writer.endObject()
        writer.key("properties" as StaticString)
        writer.beginObject()
        properties(&writer)
        writer.endObject()
        writer.endObject()
    }

    /// A position: longitude first, as GeoJSON has it.
    private static func pair(_ longitude: Double, _ latitude: Double, to writer: inout JSONWriter) {
        writer.beginArray()
        writer.double(longitude)
        writer.double(latitude)
        writer.endArray()
    }

    private static func names(_ key: StaticString, _ studies: [Study], to writer: inout JSONWriter) {
        writer.key(key)
        writer.beginArray()
        for study in studies { writer.string(study.name) }
        writer.endArray()
    }
}
