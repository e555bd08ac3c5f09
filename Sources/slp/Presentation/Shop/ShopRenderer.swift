#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Draws the shop: the catalogue with prices, what I own and wear.
struct ShopRenderer {
    let format: OutputFormat
    /// The service's now, for the penalty seconds left in the user object.
    let now: Date

    /// My record's shop: the catalogue, what I own and wear, after what I just did (`notice`).
    func render(_ record: MyRecord, notice: ShopNotice? = nil) -> Output {
        let user = record.user
        let items = ShopCatalog.sesacs + ShopCatalog.backgrounds
        func owned(_ item: ShopItem) -> Bool {
            (item.kind == .sesac ? user.sesacCollection : user.backgroundCollection).contains(item.index)
        }
        func worn(_ item: ShopItem) -> Bool {
            (item.kind == .sesac ? user.sesac : user.background) == item.index
        }
        switch format {
        case .json:
            // GET /user/shop/myinfo answered with the whole user object; the catalogue goes alongside.
            return .success(JSONValue.object(UserJSON.fields(record, now: now) + [
                ("items", .array(items.map { item in
                    .object([
                        ("kind", .string(item.kind.rawValue)), ("index", .int(item.index)), ("name", .string(item.name)),
                        ("price", .int(item.price)), ("owned", .bool(owned(item))), ("worn", .bool(worn(item))),
                    ])
                })),
            ]).text + "\n")
        case .text(let style):
            var table = TextTable([("KIND", .left), ("NO", .right), ("NAME", .left), ("PRICE", .right), ("", .left)])
            for item in items {
                let mark = worn(item) ? "wearing" : owned(item) ? "owned" : ""
                table.add([item.kind.rawValue, String(item.index), item.name, item.price == 0 ? "free" : "₩\(item.price)", mark])
            }
            var text = ""
            switch notice {
            case .bought(let item)?: text = "Bought \(item.name) (\(item.kind) \(item.index)).\n\n"
            case .wearing(let sesac, let background)?: text = "Now wearing \(sesac.name) on \(background.name).\n\n"
            case nil: break
            }
            return .success(text + table.render(style: style))
        }
    }
}
