import Foundation

/// The anchor of `slp-bench --pushes`: Google's own Admin SDK for Python (PyPI `firebase-admin`,
/// pinned below), `messaging.send_each` in batches of 500 (its limit: 500 sends at once on a
/// pool of threads and 100 HTTP/1.1 connections, as it sends to FCM), with the same service
/// account file and the same kind of message as slp-push, to the same fake FCM. Only its URL is
/// changed, by the small script below: the send endpoint's base (the SDK has no option for it),
/// the token endpoint through the file's `token_uri`, and two claims of the assertion the fake
/// checks as it does slp's (audience and scope; Google takes the SDK's own as well). The SDK lives in a virtual
/// environment the benchmark makes once under ~/.cache: it is no dependency of slp's.
enum FirebaseAdminAnchor {
    static let package = "firebase-admin==7.7.0"

    struct Figures: Sendable {
        let sent: Int
        let failed: Int
        let seconds: Double
        let cpu: Double
        let firstError: String

        var perSecond: Double { Double(sent) / seconds }
        var perCore: Double { Double(sent) / cpu }
    }

    static let script = #"""
        import json, resource, sys, time
        import requests
        import firebase_admin
        from firebase_admin import _http_client, credentials, messaging
        account, base, count, devices = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        with open(account) as file:
            info = json.load(file)
        certificate = credentials.Certificate(account)
        # google-auth signs aud = Google's own token endpoint and the SDK's six scopes; the fake,
        # as strict as for slp, wants aud = the file's token_uri and FCM's scope.
        certificate._g_credential = certificate._g_credential.with_scopes(
            ["https://www.googleapis.com/auth/firebase.messaging"]).with_claims({"aud": info["token_uri"]})
        app = firebase_admin.initialize_app(certificate)
        service = messaging._get_messaging_service(app)
        project = info["project_id"]
        service._fcm_url = f"{base}/v1/projects/{project}/messages:send"
        # The adapter the SDK mounts for https://fcm.googleapis.com, mounted for the fake instead.
        service._client.session.mount(base, requests.adapters.HTTPAdapter(
            pool_connections=100, pool_maxsize=100, max_retries=_http_client.DEFAULT_RETRY_CONFIG))
        def message(i, text):
            return messaging.Message(
                token=f"anchor-device-{i % devices}",
                notification=messaging.Notification(title=f"p{i % devices}", body=text),
                data={"matched": "1", "Uid": "anchor", "Nick": f"p{i % devices}", "body": text},
                apns=messaging.APNSConfig(
                    headers={"apns-priority": "10", "apns-push-type": "alert", "apns-collapse-id": f"anchor-{text}"},
                    payload=messaging.APNSPayload(aps=messaging.Aps(sound="default"))),
                android=messaging.AndroidConfig(priority="high"))
        # The access token fetched and a connection open first, as slp-push has them when measured.
        messaging.send_each([message(0, "anchor-warm")], app=app)
        messages = [message(i, f"anchor-{i}") for i in range(count)]
        started, cpu = time.monotonic(), time.process_time()
        sent = failed = 0
        first_error = ""
        for offset in range(0, count, 500):
            batch = messaging.send_each(messages[offset:offset + 500], app=app)
            sent += batch.success_count
            failed += batch.failure_count
            if batch.failure_count and not first_error:
                first_error = str(next(r.exception for r in batch.responses if not r.success))[:200]
        print(json.dumps({"sent": sent, "failed": failed, "seconds": time.monotonic() - started,
                          "cpu": time.process_time() - cpu, "first_error": first_error}))
        """#

    /// The virtual environment with the SDK, made when missing.
    static func python(scratch: String) throws -> String {
        let directory = NSHomeDirectory() + "/.cache/slp-bench/" + package.replacingOccurrences(of: "==", with: "-")
        let python = directory + "/bin/python3"
        if FileManager.default.isExecutableFile(atPath: python) { return python }
        let child = ChildProcess(scratch: scratch + "/venv")
        let environment = ["PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")", "HOME=\(NSHomeDirectory())"]
        for step in [["/usr/bin/env", "python3", "-m", "venv", directory], [directory + "/bin/pip", "install", "--quiet", package]] {
            let result = try child.run(step, environment: environment)
            guard result.status == 0 else {
                try? FileManager.default.removeItem(atPath: directory)
                throw LoadFailure("the anchor's virtual environment: \(step.joined(separator: " ")) failed: \(result.errorText.suffix(300))")
            }
        }
        return python
    }

    /// `count` messages to `devices` device tokens through `fake`.
    static func run(count: Int, devices: Int, fake: FakeFCMServers, scratch: String) throws -> Figures {
        let python = try python(scratch: scratch)
        let result = try ChildProcess(scratch: scratch + "/anchor").run(
            [python, "-c", script, fake.serviceAccountPath, fake.baseURL, "\(count)", "\(devices)"],
            environment: ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())", "REQUESTS_CA_BUNDLE=\(fake.caFile)", "SSL_CERT_FILE=\(fake.caFile)"])
        guard result.status == 0, let line = String(decoding: result.output, as: UTF8.self).split(separator: "\n").last,
              let figures = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let sent = figures["sent"] as? Int, let failed = figures["failed"] as? Int,
              let seconds = figures["seconds"] as? Double, let cpu = figures["cpu"] as? Double else {
            throw LoadFailure("the firebase-admin anchor failed (exit \(result.status)): \(result.errorText.suffix(500))")
        }
        return Figures(sent: sent, failed: failed, seconds: seconds, cpu: cpu, firstError: figures["first_error"] as? String ?? "")
    }
}
