@testable import SLPIdentity
import SLPSupport
import XCTest

/// A token's header and claims from what `JSONReader` read of them: each member of its kind.
final class TokenHeaderAndClaimsTests: XCTestCase {
    private func read(_ text: String) -> [String: JSONScalar]? {
        JSONReader.object(Array(text.utf8))
    }

    func testHeaderAndClaimsNeedTheirMembersOfTheirKinds() throws {
        let header = try XCTUnwrap(read(#"{"alg":"HS256","kid":"slp","typ":"JWT"}"#).flatMap(TokenHeader.init))
        XCTAssertEqual([header.alg, header.kid, header.typ], ["HS256", "slp", "JWT"])
        XCTAssertFalse(header.hasCritical)
        XCTAssertEqual(read(#"{"alg":"RS256","kid":null}"#).flatMap(TokenHeader.init)?.kid, .some(nil))
        XCTAssertEqual(read(#"{"alg":"RS256","crit":["b64"]}"#).flatMap(TokenHeader.init)?.hasCritical, true)
        XCTAssertEqual(read(#"{"alg":"RS256","crit":null}"#).flatMap(TokenHeader.init)?.hasCritical, false)
        for bad in [#"{}"#, #"{"alg":1}"#, #"{"alg":null}"#, #"{"alg":"HS256","kid":5}"#, #"{"alg":"HS256","typ":["JWT"]}"#] {
            XCTAssertNil(read(bad).flatMap(TokenHeader.init), bad)
        }

        let claims = try XCTUnwrap(read(#"{"iss":"slp","aud":"slp","sub":"u1","iat":1,"exp":2.5,"phone_number":"+821012345678","firebase":{"x":[1]}}"#)
            .flatMap(TokenClaims.init))
        XCTAssertEqual([claims.iss, claims.aud, claims.sub, claims.phone_number], ["slp", "slp", "u1", "+821012345678"])
        XCTAssertEqual([claims.iat, claims.exp], [1, 2.5])
        XCTAssertNil(claims.auth_time)
        XCTAssertEqual(read(#"{"iss":"i","aud":"a","sub":"s","iat":1,"exp":2,"auth_time":3}"#).flatMap(TokenClaims.init)?.auth_time, 3)
        for bad in [
            #"{"aud":"a","sub":"s","iat":1,"exp":2}"#, #"{"iss":"i","aud":["a"],"sub":"s","iat":1,"exp":2}"#,
            #"{"iss":"i","aud":"a","sub":7,"iat":1,"exp":2}"#, #"{"iss":"i","aud":"a","sub":"s","iat":"1","exp":2}"#,
            #"{"iss":"i","aud":"a","sub":"s","iat":1}"#, #"{"iss":"i","aud":"a","sub":"s","iat":1,"exp":2,"auth_time":"3"}"#,
            #"{"iss":"i","aud":"a","sub":"s","iat":1,"exp":2,"phone_number":1}"#,
        ] {
            XCTAssertNil(read(bad).flatMap(TokenClaims.init), bad)
        }
    }
}
