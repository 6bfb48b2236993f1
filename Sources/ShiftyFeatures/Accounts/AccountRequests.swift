import Foundation
import ShiftyLocalization
import ShiftyServerCore

/// Request bodies of the account endpoints. Unknown fields are ignored; missing or mistyped
/// required fields become 422 problems naming the field. The login body, which the terminal sends
/// too, is `ShiftyAPI.LoginBody`; these are sent only by the web page and scripts.
package struct CreateWorkplaceRequest: Decodable {
    package struct Manager: Decodable {
        var username: String
        var displayName: String
        var password: String
        var email: String?
    }
    package var name: String
    package var slug: String?
    package var timeZone: String
    package var manager: Manager
    package var client: SessionKind?
}

package struct SignupRequest: Decodable {
    package var workplace: String
    package var inviteCode: String
    package var username: String
    package var displayName: String
    package var password: String
    package var email: String?
    package var client: SessionKind?
}

/// `PUT /me/language`: `{"language": "nl"}`, or `{"language": null}` to follow the workplace.
/// The key is required, so a typo in it is not silently "follow the workplace".
package struct ChangeLanguageRequest: Decodable {
    package var language: LanguageCode?

    enum CodingKeys: String, CodingKey { case language }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.language) else {
            // Answered like any missing field: 422 naming `language`.
            throw DecodingError.keyNotFound(CodingKeys.language, .init(codingPath: decoder.codingPath, debugDescription: "language is required"))
        }
        language = try container.decodeIfPresent(LanguageCode.self, forKey: .language)
    }
}

package struct ChangePasswordRequest: Decodable {
    package var currentPassword: String
    package var newPassword: String
}

package struct CreateUserRequest: Decodable {
    package var username: String
    package var displayName: String
    package var password: String
    package var email: String?
    package var role: Role?
    package var payType: PayType?
}

/// A PATCH body: absent fields stay as they are; `email: null` clears the email.
package struct UpdateUserRequest: Decodable {
    package var displayName: String?
    package var email: String??
    package var role: Role?
    package var payType: PayType?
    package var active: Bool?

    enum CodingKeys: String, CodingKey { case displayName, email, role, payType, active }

    package init(from decoder: any Decoder) throws {
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
package struct UpdateWorkplaceRequest: Decodable {
    package var name: String?
    package var timeZone: String?
    package var settings: [String: JSONValue]?
}

package struct CreateInviteRequest: Decodable {
    package var role: Role?
    /// Hours until the code expires (1 to 720, default 168 = one week).
    package var validForHours: Int?
    /// How many people may use it (1 to 1000, default 1).
    package var maxUses: Int?
    package var note: String?
    /// Also mail the code to this address (needs `--smtp-url`).
    package var email: String?
}
