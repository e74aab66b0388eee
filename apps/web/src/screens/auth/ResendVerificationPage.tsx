const ResendVerificationPage = () => <h1>ResendVerificationPage (being built)</h1>

export default ResendVerificationPage
