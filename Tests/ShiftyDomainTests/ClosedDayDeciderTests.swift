import Foundation
import ShiftyDomain
import Testing

/// The closed-day rules without I/O: closing, importing and reopening, and what closing a day does
/// to the shifts on it.
@Suite struct ClosedDayDeciderTests {
    let maria = WorkplaceActor(userID: UserID(rawValue: 1), isManager: true)
    let anna = WorkplaceActor(userID: UserID(rawValue: 2), isManager: false)
    let kingsDay = LocalDate("2030-04-27")!
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    /// The refusal `body` throws; `nil` when it decides.
    func refusal<T>(_ body: () throws -> T) -> ClosedDayRefusal? {
        do {
            _ = try body()
            return nil
        } catch let refusal as ClosedDayRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    func shift(_ id: Int64, in hours: Double = 24, _ status: ShiftStatus = .scheduled, generated: Bool = true, touched: Bool = false) -> ShiftOnClosedDay {
        ShiftOnClosedDay(id: ShiftID(rawValue: id), start: now.addingTimeInterval(hours * 3600), status: status, isGenerated: generated, isTouched: touched)
    }

    // MARK: Closing one day

    @Test func aManagerClosesADayUnderItsTrimmedName() throws {
        #expect(try ClosedDayDecider.check(date: "2030-04-27", name: "  Koningsdag \n", by: maria) == ClosedDay(date: kingsDay, name: "Koningsdag"))
    }

    @Test func theChecksRunInOrderRoleDateNameLengthNameCharacters() {
        #expect(refusal { try ClosedDayDecider.check(date: "soon", name: "", by: anna) } == .managerOnly)
        #expect(refusal { try ClosedDayDecider.check(date: "27-04-2030", name: "", by: maria) } == .malformedDate)
        #expect(refusal { try ClosedDayDecider.check(date: "2030-04-27", name: " \t ", by: maria) } == .nameLength)
        #expect(refusal { try ClosedDayDecider.check(date: "2030-04-27", name: String(repeating: "x", count: 201), by: maria) } == .nameLength)
        #expect(refusal { try ClosedDayDecider.check(date: "2030-04-27", name: String(repeating: "x", count: 200), by: maria) } == nil)
        #expect(refusal { try ClosedDayDecider.check(date: "2030-04-27", name: "Stock\ttaking", by: maria) } == .nameNotOneLine)
        #expect(refusal { try ClosedDayDecider.check(date: "2030-04-27", name: "Line\u{2028}break", by: maria) } == .nameNotOneLine)
        #expect(refusal { try ClosedDayDecider.check(date: "2030-04-27", name: "Zoë 👩‍🍳", by: maria) } == nil, "letters of any language and emoji stay")
    }

    @Test func refusalsCarryTheAPIsCodesAndNameTheirField() {
        #expect(ClosedDayRefusal.managerOnly.code.rawValue == "manager_only" && ClosedDayRefusal.managerOnly.field == nil)
        #expect(ClosedDayRefusal.malformedDate.code.rawValue == "validation_failed" && ClosedDayRefusal.malformedDate.field == .date)
        #expect(ClosedDayRefusal.nameNotOneLine.field == .name && ClosedDayRefusal.nameLength.field == .name)
        #expect(ClosedDayRefusal.notClosed.code.rawValue == "not_found")
        #expect(ClosedDayRefusal.invalidRows([]).code.rawValue == "invalid_csv")
    }

    // MARK: What closing does to the shifts

    @Test func closingRemovesOnlyGeneratedUntouchedScheduledShiftsStillToCome() throws {
        let shifts = [
            shift(1),
            shift(2, touched: true),
            shift(3, generated: false),
            shift(4, .supplied),
            shift(5, .inDeal),
            shift(6, in: -1),
            shift(7, in: 0),
            shift(8, in: 0.001),
        ]
        let day = ClosedDay(date: kingsDay, name: "Koningsdag")
        let transition = try ClosedDayDecider.close([day], shifts: [kingsDay: shifts], by: maria, now: now)
        #expect(transition == .close([ClosedDayClosing(
            day: day, removed: [1, 8].map(ShiftID.init(rawValue:)), kept: [2, 3, 4, 5, 6, 7].map(ShiftID.init(rawValue:)))]))
        #expect(transition.dates == [kingsDay])
    }

    @Test func aDayWithoutShiftsIsClosedWithNothingRemovedAndEachDayKeepsItsOwnShifts() throws {
        let other = kingsDay.adding(days: 8)
        let days = [ClosedDay(date: kingsDay, name: "Koningsdag"), ClosedDay(date: other, name: "Bevrijdingsdag")]
        let transition = try ClosedDayDecider.close(days, shifts: [other: [shift(9)]], by: maria, now: now)
        #expect(transition == .close([
            ClosedDayClosing(day: days[0], removed: [], kept: []),
            ClosedDayClosing(day: days[1], removed: [ShiftID(rawValue: 9)], kept: []),
        ]))
    }

    @Test func onlyAManagerClosesReopensOrPreviews() {
        #expect(refusal { try ClosedDayDecider.close([], shifts: [:], by: anna, now: now) } == .managerOnly)
        #expect(refusal { try ClosedDayDecider.reopen(kingsDay, current: ClosedDay(date: kingsDay, name: "x"), by: anna) } == .managerOnly)
        #expect(refusal { try ClosedDayDecider.check(reopening: "2030-04-27", by: anna) } == .managerOnly)
        #expect(refusal { try ClosedDayDecider.checkPreview(by: anna) } == .managerOnly)
        #expect(refusal { try ClosedDayDecider.checkPreview(by: maria) } == nil)
    }

    // MARK: Reopening

    @Test func reopeningAClosedDayOpensItAndAnOpenOrUnreadableDayIsNotFound() throws {
        #expect(try ClosedDayDecider.check(reopening: "2030-04-27", by: maria) == kingsDay)
        #expect(refusal { try ClosedDayDecider.check(reopening: "junk", by: maria) } == .notClosed)
        #expect(try ClosedDayDecider.reopen(kingsDay, current: ClosedDay(date: kingsDay, name: "Koningsdag"), by: maria) == .reopen(kingsDay))
        #expect(refusal { try ClosedDayDecider.reopen(kingsDay, current: nil, by: maria) } == .notClosed)
    }

    // MARK: Importing

    @Test func anImportClosesEveryRowWithQuotedNamesAndAHeader() throws {
        let days = try ClosedDayDecider.check(csv: "Date, Name\r\n2030-04-27,Koningsdag\n\n2030-05-05 , \"Bevrijdingsdag, \"\"vrij\"\"\" \n", by: maria)
        #expect(days == [
            ClosedDay(date: kingsDay, name: "Koningsdag"),
            ClosedDay(date: LocalDate("2030-05-05")!, name: "Bevrijdingsdag, \"vrij\""),
        ])
    }

    @Test func anImportWithBadRowsNamesEveryOneAndClosesNothing() {
        let csv = [
            "date,name", "2030-01-01 Nieuwjaar", "1 januari,Nieuwjaar", "2030-01-02,\"Open quote", "2030-01-03,\"Lone \" quote\"",
            "2030-01-04,", "2030-01-05,Stock\ttaking", "2030-01-06,Inventory", "2030-01-06,Again",
        ].joined(separator: "\n")
        #expect(refusal { try ClosedDayDecider.check(csv: csv, by: maria) } == .invalidRows([
            .init(line: 2, reason: .notDateAndName),
            .init(line: 3, reason: .notADate("1 januari")),
            .init(line: 4, reason: .unterminatedQuote),
            .init(line: 5, reason: .unterminatedQuote),
            .init(line: 6, reason: .nameLength),
            .init(line: 7, reason: .nameNotOneLine),
            .init(line: 9, reason: .repeated(LocalDate("2030-01-06")!)),
        ]))
        #expect(refusal { try ClosedDayDecider.check(csv: "2030-01-01,Nieuwjaar", by: anna) } == .managerOnly, "the role first")
    }

    @Test func anEmptyImportAndOneOfMoreThanAThousandRowsAreRefused() {
        #expect(refusal { try ClosedDayDecider.check(csv: "date,name\n\n", by: maria) } == .invalidRows([.init(line: 1, reason: .noRows)]))
        let rows = (0...ClosedDayCSV.maximumRows).map { "\(LocalDate("2030-01-01")!.adding(days: $0)),Day" }
        #expect(refusal { try ClosedDayDecider.check(csv: rows.dropLast().joined(separator: "\n"), by: maria) } == nil)
        #expect(refusal { try ClosedDayDecider.check(csv: rows.joined(separator: "\n"), by: maria) } == .invalidRows([
            .init(line: ClosedDayCSV.maximumRows + 1, reason: .tooManyRows),
        ]))
    }
}
