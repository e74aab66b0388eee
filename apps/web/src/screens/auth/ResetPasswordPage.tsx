const ResetPasswordPage = () => <h1>ResetPasswordPage (being built)</h1>

export default ResetPasswordPage
