import Foundation
import ShiftyLocalization
import ShiftyServerCore

/// Request bodies of the account endpoints. Unknown fields are ignored; missing or mistyped
/// required fields become 422 problems naming the field. The login body, which the terminal sends
/// too, is `ShiftyAPI.LoginBody`; these are sent only by the web page and scripts.
struct CreateWorkplaceRequest: Decodable {
    struct Manager: Decodable {
        var username: String
        var displayName: String
        var password: String
        var email: String?
    }
    var name: String
    var slug: String?
    var timeZone: String
    var manager: Manager
    var client: SessionKind?
}

struct SignupRequest: Decodable {
    var workplace: String
    var inviteCode: String
    var username: String
    var displayName: String
    var password: String
    var email: String?
    var client: SessionKind?
}

/// `PUT /me/language`: `{"language": "nl"}`, or `{"language": null}` to follow the workplace.
/// The key is required, so a typo in it is not silently "follow the workplace".
struct ChangeLanguageRequest: Decodable {
    var language: LanguageCode?

    enum CodingKeys: String, CodingKey { case language }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.language) else {
            throw Problem.invalid("language", "is required (a language code, or null to follow the workplace)")
        }
        language = try container.decodeIfPresent(LanguageCode.self, forKey: .language)
    }
}

struct ChangePasswordRequest: Decodable {
    var currentPassword: String
    var newPassword: String
}

struct CreateUserRequest: Decodable {
    var username: String
    var displayName: String
    var password: String
    var email: String?
    var role: Role?
    var payType: PayType?
}

/// A PATCH body: absent fields stay as they are; `email: null` clears the email.
struct UpdateUserRequest: Decodable {
    var displayName: String?
    var email: String??
    var role: Role?
    var payType: PayType?
    var active: Bool?

    enum CodingKeys: String, CodingKey { case displayName, email, role, payType, active }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        if container.contains(.email) {
            email = .some(try container.decodeIfPresent(String.self, forKey: .email))
        } else {
            email = nil
        }
        role = try container.decodeIfPresent(Role.self, forKey: .role)
        payType = try container.decodeIfPresent(PayType.self, forKey: .payType)
        active = try container.decodeIfPresent(Bool.self, forKey: .active)
    }
}

/// A PATCH of the workplace. `settings` holds only the switches to change; it is applied onto
/// the stored settings by ``StoredWorkplaceSettings`` itself (the one type that knows them).
struct UpdateWorkplaceRequest: Decodable {
    var name: String?
    var timeZone: String?
    var settings: [String: JSONValue]?
}

struct CreateInviteRequest: Decodable {
    var role: Role?
    /// Hours until the code expires (1 to 720, default 168 = one week).
    var validForHours: Int?
    /// How many people may use it (1 to 1000, default 1).
    var maxUses: Int?
    var note: String?
    /// Also mail the code to this address (needs `--smtp-url`).
    var email: String?
}
