import SLPDomain
import XCTest

/// Forbidden words spelt with look-alike letters of other scripts are refused too (issue 49),
/// by Unicode's confusable skeletons; ordinary Korean and Latin nicks still pass.
final class ForbiddenWordsConfusableTests: XCTestCase {
    private let words = ForbiddenWords.standard

    func testLookAlikeLettersOfOtherScriptsMatch() {
        let spellings = [
            "Adm\u{131}n",  // dotless ı
            "\u{430}dmin",  // Cyrillic а
            "\u{430}dm\u{456}n",  // Cyrillic а and і
            "ａｄｍ\u{131}ｎ",  // full width with a dotless ı
            "\u{455}\u{443}\u{455}\u{43E}\u{440}",  // sysop, all Cyrillic
            "m\u{43E}d\u{435}r\u{430}t\u{43E}r",  // moderator, Latin and Cyrillic mixed
            "\u{A4EE}dmin",  // Lisu A, whose prototype is a capital
            "sh\u{456}t", "fu\u{441}k",  // Cyrillic і, с
            "sys0p", "m0derator",  // digit zero for o
            "b\u{3B9}tch",  // Greek iota
        ]
        for spelling in spellings {
            XCTAssertTrue(words.matches(spelling), spelling.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
    }

    func testOrdinaryLatinNicksPass() {
        let nicks = [
            "Adam", "Amin", "Ramin", "Jasmin", "Carmen", "Damian", "Hamish", "Dominic", "Madison", "Admiral", "Imran",
            "Simon", "Shiloh", "Mitch", "Sam", "Tom", "Kim", "Lim", "Park", "Minji", "Jimin", "Mimi", "Emma", "Olivia",
            "Liam", "Noah", "Sophia", "Mia", "Amelia", "Camila", "Ismail", "Ishmael", "Bruno", "Dmitri", "Sylvia",
            "Kim1004", "love0", "Room101", "l33t", "m0m0", "Sol0", "Coco", "Scott", "Bishop", "Shilpa", "Fucsia",
            "Moder", "Sysadm", "Whorl", "Nigel", "Bastian", "Fagin", "Dickens", "Cassandra", "Glasshouse",
            "Daniel", "Ramona", "Marion", "Adrian", "Admit", "Mina", "Minnie", "Nadine", "Ludmila", "Jolie",
        ]
        for nick in nicks {
            XCTAssertFalse(words.matches(nick), nick)
        }
    }

    /// Every common surname before every common given name, and everyday Korean nicks: none
    /// contains a forbidden word, by any spelling.
    func testOrdinaryKoreanNicksPass() {
        let surnames = Array("김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반라왕금옥육인맹제모탁국어은편용")
        let givenNames = [
            "민준", "서연", "지호", "하은", "도윤", "지우", "서준", "수아", "예준", "하윤", "시우", "지민", "주원", "서윤", "하준",
            "지유", "지훈", "채원", "건우", "수빈", "우진", "지아", "선우", "예린", "현우", "소율", "유준", "다은", "정우", "예은",
            "승우", "윤서", "준서", "민서", "은우", "지안", "시윤", "하린", "준우", "서아", "승현", "지원", "민재", "수민", "동현",
            "예진", "재원", "유진", "시현", "은서", "영수", "영희", "철수", "미경", "순자", "병철", "병수", "신영", "지라",
        ]
        var nicks = surnames.flatMap { surname in givenNames.map { String(surname) + $0 } }
        nicks += [
            "조지", "조조", "새싹", "공부왕", "코딩러버", "스터디", "자바", "시바견", "시바", "병아리", "신병", "관리", "운영",
            "미친듯이공부", "지라프", "창문", "존재", "씨앗", "꺼지지않는", "느긋", "김치찌개", "한남동", "틀니",
        ]
        for nick in nicks {
            XCTAssertFalse(words.matches(nick), nick)
        }
    }
}
